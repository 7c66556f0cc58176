/**
 * `npm run bench:leads`: throughput and latency of POST /functions/v1/submit-email
 * on loopback at a fixed concurrency, against the server as `npm start` runs it (a
 * child process), once per back end: a fresh SQLite file (WAL, synchronous=FULL) and
 * a fresh database in a throwaway PostgreSQL cluster (test-support/postgres-cluster.ts,
 * default settings: fsync and synchronous_commit on). Then a check that the rows
 * stored equal the submissions acknowledged, and the two side by side.
 * Targets on a 2-core machine: SQLite >= 1,000/s, PostgreSQL >= 2,000/s, p99 < 50 ms, nothing lost.
 *   BENCH_CONNECTIONS (default 32), BENCH_REQUESTS (default 30000), BENCH_BACKENDS (sqlite,postgres)
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { LEAD_ENDPOINT_PATH } from '../src/leads/contract/endpoint';
import { standInDist, startServer } from './lead-server';
import { startThrowawayPostgres, type PostgresCluster } from '../test-support/postgres-cluster';

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

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30_000);
const WARMUP_REQUESTS = 3000;
const TARGETS = { sqlite: { perSecond: 1000, p99Ms: 50 }, postgres: { perSecond: 2000, p99Ms: 50 } };
type Backend = keyof typeof TARGETS;
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'sqlite,postgres').split(',') as Backend[];

const work = mkdtempSync(join(tmpdir(), 'bench-leads-'));
const distDir = standInDist(work);

interface Figures {
  seconds: number;
  perSecond: number;
  result: AutocannonResult;
  acknowledged: number;
  leads: number;
  submissions: number;
  exitCode: number | null;
}

async function bench(backend: Backend, cluster: PostgresCluster | undefined): Promise<Figures> {
  let env: Record<string, string>;
  let count: (table: string) => Promise<number>;
  if (backend === 'sqlite') {
    const dbPath = join(work, 'leads.db');
    env = { LEADS_DB: dbPath };
    count = async (table) => {
      const db = new Database(dbPath, { readonly: true });
      try {
        return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
  } else {
    const admin = new pg.Client(cluster!.url);
    await admin.connect();
    await admin.query('CREATE DATABASE bench_leads');
    await admin.end();
    const url = cluster!.url.replace(/\/postgres$/, '/bench_leads');
    env = { DATABASE_URL: url };
    count = async (table) => {
      const client = new pg.Client(url);
      await client.connect();
      try {
        return Number((await client.query(`SELECT COUNT(*) AS n FROM ${table}`)).rows[0].n);
      } finally {
        await client.end();
      }
    };
  }
  const { server, exited, base } = await startServer(distDir, env);
  try {
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
    const warmup = await run(WARMUP_REQUESTS);
    const started = performance.now();
    const result = await run(REQUESTS);
    const seconds = (performance.now() - started) / 1000;
    server.kill('SIGTERM');
    const exitCode = await exited;
    return {
      seconds,
      perSecond: result['2xx'] / seconds,
      result,
      acknowledged: warmup['2xx'] + result['2xx'],
      leads: await count('leads'),
      submissions: await count('submissions'),
      exitCode,
    };
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
  }
}

const cluster = BACKENDS.includes('postgres') ? await startThrowawayPostgres() : undefined;
try {
  const figures = new Map<Backend, Figures>();
  for (const backend of BACKENDS) figures.set(backend, await bench(backend, cluster));

  const ok = (backend: Backend) => {
    const f = figures.get(backend)!;
    const lossless = f.leads === f.acknowledged && f.submissions === f.acknowledged && f.result.non2xx === 0 && f.result.errors === 0;
    const target = TARGETS[backend];
    const fast = f.perSecond >= target.perSecond && f.result.latency.p99 < target.p99Ms;
    return { lossless, fast, target };
  };
  const rows: [string, (f: Figures, b: Backend) => string][] = [
    ['accepted submissions/s', (f) => f.perSecond.toFixed(0)],
    [
      'latency p50 / p90 / p99 / max (ms)',
      (f) => `${f.result.latency.p50} / ${f.result.latency.p90} / ${f.result.latency.p99} / ${f.result.latency.max}`,
    ],
    ['non-2xx / errors / timeouts', (f) => `${f.result.non2xx} / ${f.result.errors} / ${f.result.timeouts}`],
    ['acknowledged (2xx, incl. warm-up)', (f) => String(f.acknowledged)],
    ['rows stored (leads / submissions)', (f) => `${f.leads} / ${f.submissions}`],
    ['nothing lost', (_f, b) => (ok(b).lossless ? 'yes' : 'NO')],
    ['server exit on SIGTERM', (f) => String(f.exitCode)],
    ['target', (_f, b) => `>= ${ok(b).target.perSecond}/s, p99 < ${ok(b).target.p99Ms} ms: ${ok(b).fast ? 'met' : 'missed'}`],
  ];
  const table = [
    ['', ...BACKENDS.map((b) => (b === 'sqlite' ? 'SQLite' : 'PostgreSQL'))],
    ...rows.map(([label, cell]) => [label, ...BACKENDS.map((b) => cell(figures.get(b)!, b))]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  console.log(
    `\nbench:leads, POST ${LEAD_ENDPOINT_PATH} on loopback: ${REQUESTS} submissions over ${CONNECTIONS} connections (after ${WARMUP_REQUESTS} to warm up)`,
  );
  for (const row of table) console.log('  ' + row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
  process.exitCode = BACKENDS.every((b) => ok(b).lossless && figures.get(b)!.exitCode === 0) ? 0 : 1;
} finally {
  cluster?.stop();
  rmSync(work, { recursive: true, force: true });
}
