/**
 * A PostgreSQL that stops answering without closing its connections (SIGSTOP on the postmaster and its children,
 * as a failover, a network partition or a paused host do), in a cluster this file owns so that no other suite
 * is frozen with it. Its own statement_timeout cannot fire then: only the server's deadline and client-side
 * timeouts can. Every submission must be answered within the deadline, pages and /healthz throughout; the server
 * recovers by itself once the database answers again, and loses nothing it acknowledged.
 */
import { Agent, request as httpRequest } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres, type PostgresCluster } from '../../test-support/postgres-cluster';
import { configFromEnv } from '../../server/config';
import { defaultMaxWaiting } from '../../server/submission-gate';
import { queryPostgres } from './databases';
import { ENDPOINT, postLead, spawnServer, waitFor, type ServerProcess } from './helpers';

/** Short for the test; the default (4.5 s, for an answer within the documented 5 s) is checked below. */
const DEADLINE_MS = 1500;
/** A generous margin over the bound on a loaded 2-core machine: only a submission that waited for the database exceeds it. */
const ANSWER_BOUND_MS = DEADLINE_MS + 2000;

let cluster: PostgresCluster;
let frozen = false;
const running: ServerProcess[] = [];

beforeAll(async () => {
  cluster = await startThrowawayPostgres();
});
afterEach(() => {
  if (frozen) cluster.thaw();
  frozen = false;
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});
afterAll(() => cluster?.stop());

async function freshDatabaseUrl(): Promise<string> {
  const admin = new pg.Client(cluster.url);
  await admin.connect();
  const name = `leads_${Math.random().toString(36).slice(2, 10)}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return cluster.url.replace(/\/postgres$/, `/${name}`);
}

async function start(env: Record<string, string>, viaPort?: number) {
  const databaseUrl = await freshDatabaseUrl();
  const serverUrl = viaPort === undefined ? databaseUrl : databaseUrl.replace(`:${cluster.port}/`, `:${viaPort}/`);
  const server = await spawnServer({ DATABASE_URL: serverUrl, ...env });
  running.push(server);
  // Connections are open and the schema is in place before the database freezes.
  expect((await postLead(server.baseURL, { email: 'before@example.com' })).status).toBe(200);
  return { server, databaseUrl };
}

function freeze() {
  cluster.freeze();
  frozen = true;
}

function thaw() {
  cluster.thaw();
  frozen = false;
}

interface Answer {
  email: string;
  key: string;
  status: number;
  ms: number;
  code?: string;
  retryAfter: string | null;
  cacheControl: string | null;
}

/** One submission and its answer; status 0 when the connection was refused or reset without one. */
async function submit(baseURL: string, email: string, key: string): Promise<Answer> {
  const started = performance.now();
  const response = await postLead(baseURL, { email, page: '/', placement: 'freeze' }, { 'idempotency-key': key }).catch(() => null);
  if (!response) return { email, key, status: 0, ms: performance.now() - started, retryAfter: null, cacheControl: null };
  const body = (await response.json()) as { error?: { code: string } };
  return {
    email,
    key,
    status: response.status,
    ms: performance.now() - started,
    code: body.error?.code,
    retryAfter: response.headers.get('retry-after'),
    cacheControl: response.headers.get('cache-control'),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const visitors: Agent[] = [];
afterEach(() => {
  for (const agent of visitors.splice(0)) agent.destroy();
});

/**
 * One submission from a visitor of its own: a browser keeps its connection open after the answer (keep-alive), where
 * one test client would reuse a single pool of them. Resolves with the status, 0 when refused without an answer.
 */
function submitAsVisitor(baseURL: string, email: string): Promise<number> {
  const agent = new Agent({ keepAlive: true });
  visitors.push(agent);
  const body = JSON.stringify({ email });
  return new Promise((resolve) => {
    const request = httpRequest(
      baseURL + ENDPOINT,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

/**
 * A TCP relay to the cluster that can cut every connection it carries without closing it, as a network partition
 * or a failover does: the far end is gone, nothing says so. After heal() new connections work again; the cut ones
 * stay silent forever, as they would in the real case.
 */
async function partitionableRelay(port: number) {
  let partitioned = false;
  const pairs: { client: Socket; upstream: Socket; cut: boolean }[] = [];
  const relay = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    const pair = { client, upstream, cut: partitioned };
    pairs.push(pair);
    client.on('data', (data) => pair.cut || upstream.write(data));
    upstream.on('data', (data) => pair.cut || client.write(data));
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ]) {
      socket.on('error', () => undefined);
      socket.on('close', () => pair.cut || other.destroy());
    }
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    port: (relay.address() as { port: number }).port,
    partition() {
      partitioned = true;
      for (const pair of pairs) pair.cut = true;
    },
    heal() {
      partitioned = false;
    },
    close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      relay.close();
    },
  };
}

describe('a frozen PostgreSQL', () => {
  it('defaults to a deadline that answers a submission within the 5 s docs/lead-server.md promises', () => {
    expect(configFromEnv({}).submissions).toEqual({ deadlineMs: 4500, maxWaiting: undefined });
    // Unset, the queue is a quarter of the connections, at most 256.
    expect([1024, 40, 2].map(defaultMaxWaiting)).toEqual([256, 10, 1]);
    expect(configFromEnv({ SUBMIT_DEADLINE_MS: '1500', SUBMIT_QUEUE_LIMIT: '5' }).submissions).toEqual({
      deadlineMs: 1500,
      maxWaiting: 5,
    });
  });

  it('answers every submission within the deadline, serves pages and /healthz throughout, then recovers and loses nothing', async () => {
    const { server, databaseUrl } = await start({ SUBMIT_DEADLINE_MS: String(DEADLINE_MS) });
    const FREEZE_MS = 6000;
    freeze();
    const frozenAt = performance.now();

    // Pages, health and readiness, one after the other, until the freeze ends.
    const probes: { path: string; status: number; ms: number }[] = [];
    const probing = (async () => {
      while (performance.now() - frozenAt < FREEZE_MS) {
        for (const path of ['/', '/healthz', '/readyz']) {
          const started = performance.now();
          const response = await fetch(server.baseURL + path);
          await response.arrayBuffer();
          probes.push({ path, status: response.status, ms: performance.now() - started });
        }
      }
    })();
    // Meanwhile 20 submissions a second for 4 s: each must be answered long before the database is back.
    const submissions: Promise<Answer>[] = [];
    for (let i = 0; i < 80; i++) {
      submissions.push(submit(server.baseURL, `frozen-${i}@example.com`, crypto.randomUUID()));
      await sleep(50);
    }
    await probing;
    // Thawed before the answers are awaited: a server that waits for the database answers only now, too late.
    thaw();
    const answers = await Promise.all(submissions);

    expect(answers.filter((a) => a.ms > ANSWER_BOUND_MS).map((a) => `${a.email}: ${Math.round(a.ms)} ms`)).toEqual([]);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer).toMatchObject({ status: 503, code: 'store_unavailable', retryAfter: '2', cacheControl: 'no-store' });
    }
    expect(probes.filter((p) => p.path !== '/readyz' && (p.status !== 200 || p.ms > 2000))).toEqual([]);
    // Readiness tells the balancer (within its own 2 s timeout) to send traffic elsewhere.
    expect(probes.filter((p) => p.path === '/readyz').map((p) => p.status)).toContain(503);

    // Back by itself, without a restart.
    await waitFor(
      'a submission to be stored again',
      async () => (await submit(server.baseURL, 'after@example.com', 'after')).status === 200,
    );
    // A 503 may or may not have been stored; the client's retry with the same key makes that safe.
    for (const refused of answers.filter((a) => a.status !== 200)) {
      await waitFor(`the retry of ${refused.email}`, async () => (await submit(server.baseURL, refused.email, refused.key)).status === 200);
    }
    const rows = await queryPostgres<{ email: string; submission_count: number; submissions: number }>(
      databaseUrl,
      'SELECT l.email, l.submission_count, (SELECT COUNT(*) FROM submissions s WHERE s.lead_id = l.id)::int AS submissions FROM leads l',
    );
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(answers.filter((a) => byEmail.get(a.email)?.submissions !== 1 || byEmail.get(a.email)?.submission_count !== 1)).toEqual([]);
    expect(rows).toHaveLength(answers.length + 2);
  });

  it('sheds load with 503 at once when as many submissions as the queue holds are already waiting', async () => {
    const { server } = await start({ SUBMIT_DEADLINE_MS: '3000', SUBMIT_QUEUE_LIMIT: '5' });
    freeze();
    const thawLater = sleep(5000).then(thaw);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(server.baseURL, `shed-${i}@example.com`, `shed-${i}`)));
    await thawLater;
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(503));
    // Five waited for their deadline; the other fifteen were refused without waiting for anything.
    const waited = answers.filter((a) => a.ms >= 2500);
    expect(waited).toHaveLength(5);
    expect(answers.filter((a) => a.ms < 2500)).toHaveLength(15);
    await waitFor(
      'a submission to be stored again',
      async () => (await submit(server.baseURL, 'after@example.com', 'after')).status === 200,
    );
  });

  it('recovers by itself after a partition that leaves its old connections silent forever', async () => {
    const relay = await partitionableRelay(cluster.port);
    try {
      const { server, databaseUrl } = await start({ SUBMIT_DEADLINE_MS: String(DEADLINE_MS) }, relay.port);
      // Bursts until the server holds two connections (as many as it commits on at once), so both can be cut.
      let burst = 0;
      await waitFor('the server to hold two database connections', async () => {
        burst++;
        await Promise.all(
          Array.from({ length: 10 }, (_, i) => submit(server.baseURL, `warm-${burst}-${i}@example.com`, `warm-${burst}-${i}`)),
        );
        const [{ n }] = await queryPostgres<{ n: number }>(
          databaseUrl,
          "SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE application_name = 'reachwell-leads' AND datname = current_database()",
        );
        return n >= 2;
      });
      relay.partition();
      const during = await Promise.all(Array.from({ length: 5 }, (_, i) => submit(server.baseURL, `cut-${i}@example.com`, `cut-${i}`)));
      expect(during.map((a) => a.status)).toEqual(Array(5).fill(503));
      expect(during.filter((a) => a.ms > ANSWER_BOUND_MS)).toEqual([]);
      relay.heal();
      // The submissions sent on the cut connections never get an answer: only a client-side timeout frees their place.
      await waitFor(
        'a submission to be stored again',
        async () => (await submit(server.baseURL, 'healed@example.com', 'healed')).status === 200,
      );
    } finally {
      relay.close();
    }
  });

  it('keeps pages served when more submissions wait than MAX_CONNECTIONS leaves room for (40 connections, 45 submissions)', async () => {
    const { server } = await start({ MAX_CONNECTIONS: '40', SUBMIT_DEADLINE_MS: '5000' });
    freeze();
    let answered = 0;
    const submissions: Promise<number>[] = [];
    for (let i = 0; i < 45; i++) {
      submissions.push(submitAsVisitor(server.baseURL, `crowd-${i}@example.com`).finally(() => answered++));
      await sleep(20);
    }
    // The queue holds a quarter of the connections by default; the others are refused at once and their connections
    // closed (each visitor would otherwise keep one open), so a page still finds a free one while the ten wait.
    await waitFor('the submissions over the queue limit to be refused', () => answered >= 35, 4000);
    expect(answered).toBeLessThan(45);
    expect(await fetch(server.baseURL + '/', { signal: AbortSignal.timeout(3000) }).then((r) => r.status)).toBe(200);
    expect(await fetch(server.baseURL + '/healthz', { signal: AbortSignal.timeout(3000) }).then((r) => r.status)).toBe(200);
    const statuses = await Promise.all(submissions);
    thaw();
    expect(statuses).toEqual(Array(45).fill(503));
  });
});
