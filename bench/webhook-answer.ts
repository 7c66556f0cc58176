/**
 * `npm run bench:webhook-answer`: the server's memory while its webhook receiver answers every delivery with a
 * huge body (200, BENCH_ANSWER_MB, default 300 MB, streamed), for three events. Prints the server process's
 * resident set before, at its peak during, and after the deliveries (Linux: /proc/<pid>/status).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEAD_ENDPOINT_PATH } from '../src/leads/contract/endpoint';
import { standInDist, startServer } from './lead-server';

const MB = 1024 * 1024;
const ANSWER_MB = Number(process.env.BENCH_ANSWER_MB ?? 300);
const EVENTS = 3;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const chunk = Buffer.alloc(MB, 'x');
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(ANSWER_MB * MB) });
    let sent = 0;
    const write = () => {
      while (sent++ < ANSWER_MB) if (!response.write(chunk)) return void response.once('drain', write);
      response.end();
    };
    write();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const work = mkdtempSync(join(tmpdir(), 'bench-webhook-'));
const leadsDb = join(work, 'leads.db');
const { server, exited, base } = await startServer(standInDist(work), {
  LEADS_DB: leadsDb,
  LEADS_WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
  LEADS_WEBHOOK_SECRET: 'bench-webhook-answer-secret-0123456789abcdef',
  LEADS_WEBHOOK_TIMEOUT_MS: '300000',
  LOG_LEVEL: 'error',
});
try {
  const pid = server.pid!;
  await sleep(1000);
  const before = rssMb(pid);
  let peak = before;
  for (let i = 0; i < EVENTS; i++) {
    await fetch(base + LEAD_ENDPOINT_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `big-answer-${i}@bench.example` }),
    });
  }
  const started = performance.now();
  const delivered = () => {
    const db = new Database(leadsDb, { readonly: true });
    try {
      return (db.prepare("SELECT COUNT(*) AS n FROM webhook_events WHERE state = 'delivered'").get() as { n: number }).n;
    } finally {
      db.close();
    }
  };
  while (delivered() < EVENTS) {
    peak = Math.max(peak, rssMb(pid));
    await sleep(20);
  }
  const seconds = (performance.now() - started) / 1000;
  const after = rssMb(pid);
  console.log(`\nbench:webhook-answer: ${EVENTS} events, each answered 200 with ${ANSWER_MB} MB, delivered in ${seconds.toFixed(1)} s`);
  console.log(`  server RSS before / peak during / after: ${before.toFixed(0)} / ${peak.toFixed(0)} / ${after.toFixed(0)} MB`);
  server.kill('SIGTERM');
  await exited;
} finally {
  if (server.exitCode === null) server.kill('SIGKILL');
  receiver.closeAllConnections();
  receiver.close();
  rmSync(work, { recursive: true, force: true });
}
