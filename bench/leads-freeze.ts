/**
 * `npm run bench:leads-freeze`: how long a submission waits for its answer while PostgreSQL is frozen (SIGSTOP on
 * the postmaster and its children: it stops answering without closing a connection, as in a failover or a
 * partition), against the server as `npm start` runs it with its production settings (SUBMIT_DEADLINE_MS 4.5 s, for an answer within 5 s).
 * Submissions are sent at a steady rate during the freeze while / and /healthz are polled; then the database is
 * thawed, every 503 is retried with its key, and every submission must be stored exactly once.
 *   BENCH_FREEZE_SUBMISSIONS (default 100), BENCH_FREEZE_RATE (submissions a second, default 20)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { LEAD_ENDPOINT_PATH } from '../src/leads/contract/endpoint';
import { standInDist, startServer } from './lead-server';
import { startThrowawayPostgres } from '../test-support/postgres-cluster';

const SUBMISSIONS = Number(process.env.BENCH_FREEZE_SUBMISSIONS ?? 100);
const RATE = Number(process.env.BENCH_FREEZE_RATE ?? 20);

interface Answer {
  email: string;
  key: string;
  status: number;
  ms: number;
}

/** One submission; status 0 for a network error (no answer at all). */
async function submit(base: string, email: string, key: string): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(base + LEAD_ENDPOINT_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ email, page: '/', placement: 'bench' }),
    });
    await response.arrayBuffer();
    return { email, key, status: response.status, ms: performance.now() - started };
  } catch {
    return { email, key, status: 0, ms: performance.now() - started };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const work = mkdtempSync(join(tmpdir(), 'bench-freeze-'));
const cluster = await startThrowawayPostgres();
let frozen = false;
try {
  const admin = new pg.Client(cluster.url);
  await admin.connect();
  await admin.query('CREATE DATABASE bench_freeze');
  await admin.end();
  const url = cluster.url.replace(/\/postgres$/, '/bench_freeze');
  // This one client stands for many visitors: it may hold more connections than one address may.
  const { server, exited, base } = await startServer(standInDist(work), { DATABASE_URL: url, MAX_CONNECTIONS_PER_ADDRESS: '100000' });
  try {
    if ((await submit(base, 'warm-up@bench.example', 'warm-up')).status !== 200) throw new Error('the warm-up submission failed');

    cluster.freeze();
    frozen = true;
    let sending = true;
    const probes: Record<string, number[]> = { '/': [], '/healthz': [] };
    const probing = (async () => {
      while (sending) {
        for (const path of Object.keys(probes)) {
          const started = performance.now();
          const response = await fetch(base + path).catch(() => null);
          await response?.arrayBuffer();
          probes[path].push(response?.status === 200 ? performance.now() - started : Infinity);
        }
      }
    })();
    const pending: Promise<Answer>[] = [];
    for (let i = 0; i < SUBMISSIONS; i++) {
      pending.push(submit(base, `frozen-${i}@bench.example`, `frozen-${i}`));
      await sleep(1000 / RATE);
    }
    const answers = await Promise.all(pending);
    sending = false;
    await probing;
    cluster.thaw();
    frozen = false;
    const thawed = performance.now();

    while ((await submit(base, 'after@bench.example', 'after')).status !== 200) await sleep(50);
    const recoveryMs = performance.now() - thawed;
    for (const refused of answers.filter((a) => a.status !== 200)) {
      while ((await submit(base, refused.email, refused.key)).status !== 200) await sleep(100);
    }
    const client = new pg.Client(url);
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM leads l WHERE l.email LIKE 'frozen-%' AND l.submission_count = 1
         AND (SELECT COUNT(*) FROM submissions s WHERE s.lead_id = l.id) = 1`,
    );
    await client.end();

    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    const statuses = answers.reduce<Record<number, number>>((count, a) => ({ ...count, [a.status]: (count[a.status] ?? 0) + 1 }), {});
    const worst = (values: number[]) => (values.length ? Math.max(...values) : NaN);
    console.log(`\nbench:leads-freeze: ${SUBMISSIONS} submissions at ${RATE}/s to a frozen PostgreSQL (SUBMIT_DEADLINE_MS default)`);
    console.log(`  answer time median / p90 / worst   ${[50, 90, 100].map((p) => (percentile(times, p) / 1000).toFixed(2)).join(' / ')} s`);
    console.log(`  statuses                            ${JSON.stringify(statuses)}`);
    console.log(`  GET / worst, GET /healthz worst     ${worst(probes['/']).toFixed(0)} ms, ${worst(probes['/healthz']).toFixed(0)} ms`);
    console.log(`  first stored submission after thaw ${recoveryMs.toFixed(0)} ms`);
    console.log(`  stored exactly once (after retries) ${rows[0].n} of ${SUBMISSIONS}`);
    process.exitCode = rows[0].n === SUBMISSIONS ? 0 : 1;
    server.kill('SIGTERM');
    await exited;
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
  }
} finally {
  if (frozen) cluster.thaw();
  cluster.stop();
  rmSync(work, { recursive: true, force: true });
}
