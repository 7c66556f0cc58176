/**
 * A webhook receiver's answer is never buffered: a receiver answering 300 MB once took the server from 128 MB to
 * 945 MB with three events (a batch is 32). Only a small prefix is read, for the log of a failure; the rest is
 * discarded with the connection.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from './databases';
import { postLead, spawnServer, waitFor } from './helpers';

const SECRET = 'webhook-answer-secret-0123456789abcdef0123';
const ANSWER_BYTES = 100 * 1024 * 1024;
const MB = 1024 * 1024;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A receiver that answers every delivery with `status` and a body of `bytes`, streamed (it never holds it either). */
async function hugeAnswers(status: number, bytes: number) {
  const chunk = Buffer.alloc(MB, 'x');
  let finished = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(status, { 'content-type': 'text/plain', 'content-length': String(bytes) });
      let sent = 0;
      const write = () => {
        while (sent < bytes) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
        response.end(() => finished++);
      };
      write();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, finished: () => finished };
}

/** The largest resident set the process has had (Linux), in bytes. */
function peakRss(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1];
  return Number(kb) * 1024;
}

async function serverSending(url: string) {
  const db = await freshDatabase('sqlite');
  // A long timeout, so that a server reading the whole answer is caught by its memory, not by the clock.
  const server = await spawnServer({ ...db.env, LEADS_WEBHOOK_URL: url, LEADS_WEBHOOK_SECRET: SECRET, LEADS_WEBHOOK_TIMEOUT_MS: '120000' });
  cleanups.push(() => server.child.exitCode === null && server.child.kill('SIGKILL'));
  return {
    db,
    server,
    events: () => db.query<{ state: string; last_error: string | null; attempts: number }>('SELECT * FROM webhook_events'),
  };
}

describe('webhook answers', () => {
  it('are not read beyond a small prefix: three 100 MB answers leave the memory flat', async () => {
    const receiver = await hugeAnswers(200, ANSWER_BYTES);
    const { server, events } = await serverSending(receiver.url);
    const before = peakRss(server.child.pid!);
    for (let i = 0; i < 3; i++) expect((await postLead(server.baseURL, { email: `big-${i}@example.com` })).status).toBe(200);
    await waitFor('three events delivered', async () => {
      const rows = await events();
      return rows.length === 3 && rows.every((row) => row.state === 'delivered');
    });
    const grewMb = (peakRss(server.child.pid!) - before) / MB;
    expect(grewMb).toBeLessThan(64);
    // The server hung up on each: no answer was sent to its end.
    expect(receiver.finished()).toBe(0);
  });

  it('keep only the start of a failed answer for the log', async () => {
    const receiver = await hugeAnswers(500, ANSWER_BYTES);
    const { server, events } = await serverSending(receiver.url);
    const before = peakRss(server.child.pid!);
    expect((await postLead(server.baseURL, { email: 'refused@example.com' })).status).toBe(200);
    const [event] = await waitFor('the failed attempt to be recorded', async () => {
      const rows = await events();
      return rows[0]?.attempts === 1 ? rows : null;
    });
    expect(event.last_error).toMatch(/^HTTP 500: x+$/);
    expect(event.last_error!.length).toBeLessThanOrEqual(300);
    expect((peakRss(server.child.pid!) - before) / MB).toBeLessThan(64);
  });
});
