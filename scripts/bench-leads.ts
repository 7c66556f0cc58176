/**
 * `npm run bench:leads`: throughput and latency of POST /functions/v1/submit-email
 * on loopback at a fixed concurrency, against the server as `npm start` runs it
 * (a child process with a fresh SQLite file, WAL, synchronous=FULL), then a check
 * that the rows stored equal the submissions acknowledged.
 * Target on a 2-core machine: >= 1,000 accepted submissions/s, p99 < 50 ms, nothing lost.
 *   BENCH_CONNECTIONS (default 32), BENCH_REQUESTS (default 30000)
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEAD_ENDPOINT_PATH } from '../src/leads/submit-lead';

/** The part of autocannon's API used here (the package ships no types). */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface AutocannonRequest {
  method: string;
  setupRequest: (request: Record<string, unknown>) => Record<string, unknown>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  amount: number;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const ROOT = join(import.meta.dirname, '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30_000);
const WARMUP_REQUESTS = 3000;
const TARGET = { perSecond: 1000, p99Ms: 50 };

const work = mkdtempSync(join(tmpdir(), 'bench-leads-'));
const dbPath = join(work, 'leads.db');
// The endpoint does not need the built site; a stand-in dist/ keeps start.ts from building it.
const distDir = join(work, 'dist');
mkdirSync(distDir);
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>bench</title>');

const port = 18_000 + Math.floor(Math.random() * 1000);
const server = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LEADS_DB: dbPath,
    DIST_DIR: distDir,
    LEADS_RATE_LIMIT: '1000000000',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
const base = `http://127.0.0.1:${port}`;

async function waitUntilUp() {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(base + '/')).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

let sequence = 0;
// A fixed amount, not a duration: autocannon then waits for every answer, so acknowledged and stored can be compared exactly.
const run = (amount: number) =>
  autocannon({
    url: base + LEAD_ENDPOINT_PATH,
    connections: CONNECTIONS,
    amount,
    requests: [
      {
        method: 'POST',
        // Every request is a new lead with its own key: the worst case (an insert and a commit each).
        setupRequest: (request) => {
          const n = sequence++;
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${n}` },
            body: JSON.stringify({ email: `visitor${n}@bench.example`, page: '/', placement: 'footer' }),
          };
        },
      },
    ],
  });

try {
  await waitUntilUp();
  const warmup = await run(WARMUP_REQUESTS);
  const started = performance.now();
  const result = await run(REQUESTS);
  const seconds = (performance.now() - started) / 1000;
  server.kill('SIGTERM');
  const code = await exited;

  const db = new Database(dbPath, { readonly: true });
  const leads = (db.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n;
  const submissions = (db.prepare('SELECT COUNT(*) AS n FROM submissions').get() as { n: number }).n;
  db.close();

  const acknowledged = warmup['2xx'] + result['2xx'];
  const perSecond = result['2xx'] / seconds;
  const rows: [string, string][] = [
    ['load', `${REQUESTS} submissions over ${CONNECTIONS} connections in ${seconds.toFixed(2)} s (after ${WARMUP_REQUESTS} to warm up)`],
    ['accepted submissions/s', perSecond.toFixed(0)],
    ['latency p50 / p90 / p99 / max', `${result.latency.p50} / ${result.latency.p90} / ${result.latency.p99} / ${result.latency.max} ms`],
    ['non-2xx / errors / timeouts', `${result.non2xx} / ${result.errors} / ${result.timeouts}`],
    ['acknowledged (2xx, incl. warm-up)', String(acknowledged)],
    ['rows stored (leads / submissions)', `${leads} / ${submissions}`],
    ['server exit on SIGTERM', String(code)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log('\nbench:leads, POST ' + LEAD_ENDPOINT_PATH + ' on loopback');
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);

  const lossless = leads === acknowledged && submissions === acknowledged && result.non2xx === 0 && result.errors === 0;
  const fastEnough = perSecond >= TARGET.perSecond && result.latency.p99 < TARGET.p99Ms;
  console.log(`  ${'nothing lost'.padEnd(width)}  ${lossless ? 'yes' : 'NO'}`);
  console.log(`  ${'target (>= 1000/s, p99 < 50 ms)'.padEnd(width)}  ${fastEnough ? 'met' : 'missed'}`);
  process.exitCode = lossless && code === 0 ? 0 : 1;
} finally {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
