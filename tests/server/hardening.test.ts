/**
 * What probing the server found, each with a test that failed before the fix: stalled
 * clients held connections forever and made shutdown unclean, a SQLite file locked by
 * another process froze every request, TRUST_PROXY=true let clients pick their own
 * address past the rate limit. Plus the operations endpoints and the logs.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { BACKENDS, freshDatabase, querySqlite } from './databases';
import { ENDPOINT, postLead, ROOT, spawnServer, startInProcess, tempDir, waitFor, type ServerProcess } from './helpers';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function inProcess(options: Parameters<typeof startInProcess>[0] = {}) {
  const server = await startInProcess(options);
  cleanups.push(server.close);
  return server;
}

async function child(env: Record<string, string>) {
  const server: ServerProcess = await spawnServer(env);
  cleanups.push(() => server.child.exitCode === null && server.child.kill('SIGKILL'));
  return server;
}

interface RawClient {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

/** A client that sends `text` and then nothing more: the headers, perhaps part of a body, and stalls. */
function stalledClient(baseURL: string, text: string): Promise<RawClient> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), hostname);
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => undefined); // a reset is one way of being closed
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    cleanups.push(() => socket.destroy());
    socket.once('connect', () => socket.write(text, () => resolve({ socket, received: () => received, closed })));
    socket.once('error', reject);
  });
}

/** Fails, rather than waits for the test's own timeout, when `promise` takes longer than `ms`. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const PARTIAL_POST = `POST ${ENDPOINT} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email": "sl`;
const PARTIAL_HEADERS = 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ';

describe('slow and stalled clients', () => {
  it('closes a connection whose body, or whose headers, stopped arriving, with 408', async () => {
    // A hundred from one address: above the per-address cap, which greedy-client.test.ts covers.
    const { baseURL } = await inProcess({
      limits: { requestTimeoutMs: 500, maxConnectionsPerAddress: 200 },
      rateLimit: { max: 1000, timeWindowMs: 60_000 },
    });
    const started = performance.now();
    const clients = await Promise.all([
      ...Array.from({ length: 50 }, () => stalledClient(baseURL, PARTIAL_POST)),
      ...Array.from({ length: 50 }, () => stalledClient(baseURL, PARTIAL_HEADERS)),
    ]);
    await within(5000, 'stalled connections closed', Promise.all(clients.map((c) => c.closed)));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(
      clients.map((c, i) => `${i}: ${c.received().split('\r\n')[0]}`).filter((line) => !line.endsWith('HTTP/1.1 408 Request Timeout')),
    ).toEqual([]);
    expect((await fetch(baseURL + '/')).status).toBe(200);
  });

  it('takes no more connections than the cap, and takes new ones once some close', async () => {
    const { baseURL } = await inProcess({ limits: { maxConnections: 5, requestTimeoutMs: 60_000 } });
    const held = await Promise.all(Array.from({ length: 5 }, () => stalledClient(baseURL, PARTIAL_POST)));
    const extra = await stalledClient(baseURL, 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await within(5000, 'the connection over the cap closed', extra.closed);
    expect(extra.received()).toBe('');
    for (const client of held) client.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    await waitFor('a connection to be accepted again', async () => (await fetch(baseURL + '/').catch(() => null))?.status === 200);
  });

  it('closes a kept-alive connection that stays idle, within the keep-alive timeout (5 s unless configured)', async () => {
    const { app, baseURL } = await inProcess({ limits: { keepAliveTimeoutMs: 300 } });
    const client = await stalledClient(baseURL, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await waitFor('the answer', () => client.received().includes('{"status":"ok"}'));
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*keep-alive: timeout=\d+/i);
    const idleSince = performance.now();
    await within(3000, 'the idle connection closed', client.closed);
    expect(performance.now() - idleSince).toBeGreaterThanOrEqual(250);
    // The default is short too: Fastify's own (72 s) would let idle sockets hold the connection cap.
    expect((await inProcess()).app.server.keepAliveTimeout).toBe(5000);
    expect(app.server.keepAliveTimeout).toBe(300);
    expect(configFromEnv({ KEEP_ALIVE_TIMEOUT_MS: '65000' }).limits?.keepAliveTimeoutMs).toBe(65_000);
  });

  it('on SIGTERM with a stalled request open: cuts it after the grace period, closes the database and exits 0', async () => {
    const db = await freshDatabase('sqlite');
    const server = await child({ ...db.env, SHUTDOWN_GRACE_MS: '300', REQUEST_TIMEOUT_MS: '120000' });
    expect((await postLead(server.baseURL, { email: 'before@example.com' })).status).toBe(200);
    const stalled = await stalledClient(server.baseURL, PARTIAL_POST);
    // A request on another connection is answered after the stalled one was accepted.
    expect((await fetch(server.baseURL + '/')).status).toBe(200);
    const started = performance.now();
    server.child.kill('SIGTERM');
    expect(await within(8000, 'the server to exit', server.exited)).toBe(0);
    await within(1000, 'the stalled connection closed', stalled.closed);
    expect(performance.now() - started).toBeLessThan(8000);
    // The store was closed: SQLite checkpointed its write-ahead log and removed it.
    expect(existsSync(`${db.location.leadsDb}-wal`)).toBe(false);
    expect(await db.query('SELECT email FROM leads')).toEqual([{ email: 'before@example.com' }]);
  });
});

describe('uploads their clients gave up on', () => {
  it('drops a request whose client left before it was read: no 500, no error line, a line like any request', async () => {
    const server = await child({ LOG_LEVEL: 'info', MAX_CONNECTIONS_PER_ADDRESS: '1000' });
    const { hostname, port } = new URL(server.baseURL);
    // The server is stopped (as a loaded event loop would be) while the clients connect, send half an upload and
    // reset: it reads each request after its client is gone, and finds the connection without a peer address.
    const CLIENTS = 100;
    server.child.kill('SIGSTOP');
    try {
      await Promise.all(
        Array.from(
          { length: CLIENTS },
          () =>
            new Promise<void>((resolve, reject) => {
              const socket = connect(Number(port), hostname, () =>
                socket.write(PARTIAL_POST, () => resolve(void socket.resetAndDestroy())),
              );
              socket.on('error', reject);
            }),
        ),
      );
    } finally {
      server.child.kill('SIGCONT');
    }
    const posts = () => server.output().split(`"path":"${ENDPOINT}"`).length - 1;
    await waitFor('the server to read the abandoned uploads', () => posts() >= CLIENTS);
    // Answered after them: their hooks have run.
    expect((await fetch(server.baseURL + '/healthz')).status).toBe(200);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; res?: { statusCode: number } });
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
    expect(lines.filter((line) => line.res?.statusCode === 500)).toEqual([]);
    expect(lines.filter((line) => line.msg.includes('can no longer carry its answer')).length).toBeGreaterThanOrEqual(CLIENTS / 2);
  });
});

describe('shutdown', () => {
  it("answers a request that arrives while it drains with the endpoint's 503: its error shape, no-store, Connection: close", async () => {
    const { app, baseURL } = await inProcess();
    const body = JSON.stringify({ email: 'in-flight@example.com' });
    const post = (length: number) =>
      `POST ${ENDPOINT} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
    // A request in flight (its body half sent) keeps the connection open while the server drains.
    const routed = new Promise((resolve) => app.server.once('request', resolve));
    const client = await stalledClient(baseURL, post(body.length) + body.slice(0, 5));
    await routed;
    const closing = app.close();
    await waitFor('the server to stop listening', () => !app.server.listening);
    // The rest of that body, and another request behind it on the same connection, which arrives while draining.
    const late = JSON.stringify({ email: 'too-late@example.com' });
    client.socket.write(body.slice(5) + post(late.length) + late);
    await within(5000, 'the connection closed', client.closed);
    await closing;

    const [first, second] = client
      .received()
      .split(/(?=HTTP\/1\.1 )/)
      .map((answer) => {
        const [head, text] = answer.split('\r\n\r\n');
        const [status, ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        );
        return { status, headers, text };
      });
    expect(first.status).toBe('HTTP/1.1 200 OK');
    expect(second.status).toBe('HTTP/1.1 503 Service Unavailable');
    expect(second.headers).toMatchObject({
      'cache-control': 'no-store',
      connection: 'close',
      'retry-after': expect.stringMatching(/^\d+$/),
    });
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(second.text)).toEqual({ error: { code: 'shutting_down', message: expect.stringMatching(/try again/) } });
  });
});

/**
 * A TCP relay in front of the server that delays what clients send by `delayMs`, as a network between them does:
 * a request sent before the server's SIGTERM arrives after it. Closes the client's side when the server closes.
 */
async function slowNetwork(baseURL: string, delayMs: number) {
  const { hostname, port } = new URL(baseURL);
  const relay = createNetServer((client) => {
    const upstream = connect(Number(port), hostname);
    client.on('data', (data) => setTimeout(() => upstream.writable && upstream.write(data), delayMs));
    upstream.on('data', (data) => client.write(data));
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    for (const socket of [client, upstream]) socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => relay.close());
  return `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
}

describe('SIGTERM with requests not yet read', () => {
  it('answers requests sent just before the signal, arriving just after it, with 503 shutting_down rather than a reset', async () => {
    const db = await freshDatabase('sqlite');
    const server = await child(db.env);
    // Well inside the 1 s the server keeps answering after SIGTERM, and well after it has taken the signal in.
    const viaNetwork = await slowNetwork(server.baseURL, 400);
    // Ten kept-alive connections, each idle after one answer, as a balancer's pool is.
    const clients = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const client = await stalledClient(viaNetwork, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await waitFor('the first answer', () => client.received().includes('{"status":"ok"}'));
        return client;
      }),
    );
    const before = clients.map((client) => client.received().length);
    for (const [i, client] of clients.entries()) {
      const body = JSON.stringify({ email: `late-${i}@example.com` });
      client.socket.write(
        `POST ${ENDPOINT} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
    }
    server.child.kill('SIGTERM');
    expect(await within(15_000, 'the server to exit', server.exited)).toBe(0);
    await within(5000, 'every connection closed', Promise.all(clients.map((client) => client.closed)));
    // Each is answered: 503 shutting_down, or 200 (and stored) if it arrived before the server took the signal in;
    // never a reset without an answer.
    const answers = clients.map((client, i) => client.received().slice(before[i]).split('\r\n')[0] || 'no answer');
    expect(answers.filter((line) => line !== 'HTTP/1.1 503 Service Unavailable' && line !== 'HTTP/1.1 200 OK')).toEqual([]);
    for (const [i, line] of answers.entries()) {
      const stored = await db.query('SELECT email FROM leads WHERE email = ?', `late-${i}@example.com`);
      if (line.endsWith('200 OK')) expect(stored).toHaveLength(1);
      else expect(clients[i].received()).toContain('"code":"shutting_down"');
    }
  });
});

describe('a SQLite file locked by another process', () => {
  /** Another process holding SQLite's write lock until told to let go. */
  async function holdLock(dbPath: string) {
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(process.argv[1]);
         db.exec('BEGIN EXCLUSIVE');
         console.log('locked');
         process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); console.log('released'); process.exit(0); });`,
        dbPath,
      ],
      { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    cleanups.push(() => holder.exitCode === null && holder.kill('SIGKILL'));
    let output = '';
    holder.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    await waitFor('the other process to hold the lock', () => output.includes('locked'));
    return {
      release: async () => {
        holder.stdin.write('go\n');
        await waitFor('the other process to let go', () => output.includes('released'));
      },
    };
  }

  it('does not stall pages or other requests; a submission answers 503 after the lock wait, or 200 once the lock is released', async () => {
    const dbPath = join(tempDir('leads-locked'), 'leads.db');
    const { baseURL } = await inProcess({ leadsDb: dbPath, lockWaitMs: 4000 });
    expect((await postLead(baseURL, { email: 'first@example.com' })).status).toBe(200);
    const lock = await holdLock(dbPath);

    let answered = false;
    const waiting = postLead(baseURL, { email: 'locked-out@example.com' }).finally(() => (answered = true));
    const waited = performance.now();
    // While that submission waits for the lock, everything else is answered: pages are served while it still waits
    // (an order, not a time, so a loaded machine cannot fail it), each far sooner than the lock wait.
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      expect((await fetch(baseURL + '/')).status).toBe(200);
      expect((await fetch(baseURL + '/readyz')).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(2000);
    }
    expect(answered).toBe(false);
    const refused = await waiting;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.json()).toMatchObject({ error: { code: 'store_unavailable' } });
    expect(performance.now() - waited).toBeGreaterThanOrEqual(3900);

    const patient = postLead(baseURL, { email: 'patient@example.com' });
    await lock.release();
    expect((await patient).status).toBe(200);
    const rows = querySqlite<{ email: string }>(dbPath, 'SELECT email FROM leads ORDER BY id');
    expect(rows.map((r) => r.email)).toEqual(['first@example.com', 'patient@example.com']);
  });
});

describe('TRUST_PROXY', () => {
  const limited = { rateLimit: { max: 3, timeWindowMs: 60_000 } };
  /** Six submissions, each with a random address of the client's own choosing at the left of X-Forwarded-For. */
  async function statuses(baseURL: string, appendedByProxy: string) {
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const forged = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
      const response = await postLead(baseURL, { email: `p${i}@example.com` }, { 'x-forwarded-for': `${forged}, ${appendedByProxy}` });
      answers.push(response.status);
    }
    return answers;
  }

  it.each([
    ['a hop count', 1],
    ["the proxy's address", ['127.0.0.1']],
    ["the proxy's network", ['127.0.0.0/8']],
  ] as [string, number | string[]][])(
    'with %s, limits the address the proxy saw, whatever the client put in X-Forwarded-For',
    async (_name, trustProxy) => {
      const { baseURL } = await inProcess({ ...limited, trustProxy });
      expect(await statuses(baseURL, '198.51.100.7')).toEqual([200, 200, 200, 429, 429, 429]);
      // Another visitor behind the same proxy has a limit of their own.
      expect((await postLead(baseURL, { email: 'other@example.com' }, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(200);
    },
  );

  it('without it, ignores X-Forwarded-For altogether', async () => {
    const { baseURL } = await inProcess(limited);
    expect(await statuses(baseURL, '198.51.100.7')).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('refuses TRUST_PROXY=true, and reads a hop count or a list of addresses', () => {
    expect(() => configFromEnv({ TRUST_PROXY: 'true' })).toThrow(/defeat the rate limit/);
    expect(configFromEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(configFromEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.10']);
    expect(configFromEnv({ TRUST_PROXY: 'fc00::/7,2001:db8::1' }).trustProxy).toEqual(['fc00::/7', '2001:db8::1']);
    expect(configFromEnv({}).trustProxy).toBeUndefined();
  });

  it('refuses trust-everyone in its other forms, and what is not an address, naming the setting', () => {
    for (const wide of ['0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1', '10.0.0.0/7', '::/0', '::/1,8000::/1', '::ffff:0:0/96']) {
      expect(() => configFromEnv({ TRUST_PROXY: wide }), wide).toThrow(/^TRUST_PROXY: .* wider than any proxy network/);
    }
    for (const wrong of ['foo', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/8', '10.0.0.0/x', 'loopback']) {
      expect(() => configFromEnv({ TRUST_PROXY: wrong }), wrong).toThrow(/^TRUST_PROXY: .* is not an IP address or CIDR/);
    }
    expect(() => configFromEnv({ TRUST_PROXY: '0' })).toThrow(/^TRUST_PROXY=0/);
  });

  it('refuses a list whose ranges together trust everyone, or more public addresses than a /8, in any form', () => {
    const ipv4Eights = Array.from({ length: 256 }, (_, i) => `${i}.0.0.0/8`);
    const everyone = {
      'the 256 /8s of IPv4': ipv4Eights,
      'half of them as IPv4-mapped IPv6': [
        ...ipv4Eights.slice(0, 128),
        ...ipv4Eights.slice(128).map((r) => `::ffff:${r.replace('/8', '/104')}`),
      ],
      'IPv4-mapped IPv6 in a range wider than /96': ['::ffff:0:0/90'],
      'the 256 /8s of IPv6': Array.from({ length: 256 }, (_, i) => `${i.toString(16)}00::/8`),
    };
    for (const [name, entries] of Object.entries(everyone)) {
      expect(() => configFromEnv({ TRUST_PROXY: entries.join(',') }), name).toThrow(
        /^TRUST_PROXY: together, its \d+ entries trust every IPv[46] address, and would let clients choose their own address/,
      );
    }
    expect(() => configFromEnv({ TRUST_PROXY: '11.0.0.0/8,12.0.0.0/8' })).toThrow(
      /^TRUST_PROXY: together, its 2 entries trust 33,554,432 public IPv4 addresses, more than one \/8 holds/,
    );
    expect(() => configFromEnv({ TRUST_PROXY: '2000::/7,4000::/7' })).toThrow(/public IPv6 addresses, more than one \/7 holds/);
    // Real proxy lists: every private network, and a CDN's published ranges (a part of Cloudflare's).
    for (const fine of [
      '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,100.64.0.0/10,127.0.0.0/8,fc00::/7,fe80::/10,::1',
      '173.245.48.0/20,103.21.244.0/22,104.16.0.0/13,104.24.0.0/14,172.64.0.0/13,2400:cb00::/32,2606:4700::/32',
      '11.0.0.0/8,10.0.0.0/8',
    ]) {
      expect(configFromEnv({ TRUST_PROXY: fine }).trustProxy, fine).toEqual(fine.split(','));
    }
  });

  it('npm start refuses such a TRUST_PROXY in one line naming it, without a stack trace', async () => {
    for (const value of ['0.0.0.0/1,128.0.0.0/1', 'not-an-address']) {
      const refused = await spawnServer({ TRUST_PROXY: value }).then(
        () => 'started',
        (error: Error) => error.message,
      );
      expect(refused, value).toMatch(/exited early \(code 1, signal null\)[^]*npm start: TRUST_PROXY/);
      expect(refused, value).not.toMatch(/\n\s+at /);
    }
  });

  it('reports a hop count above the number of proxies a request came through, once, naming the setting', async () => {
    const server = await child({ TRUST_PROXY: '2' });
    // One proxy in front appended the one address it saw: the count of 2 is one too many.
    for (let i = 0; i < 3; i++) {
      expect((await postLead(server.baseURL, { email: `hop${i}@example.com` }, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(200);
    }
    await waitFor('the error', () => server.output().includes('TRUST_PROXY=2, but a request came through 1 proxy'));
    expect(server.output().split('TRUST_PROXY=2, but').length - 1).toBe(1);
  });
});

describe.each(BACKENDS)('health checks on %s', (backend) => {
  it('answers /healthz and /readyz while the database is reachable, uncached', async () => {
    const db = await freshDatabase(backend);
    const { baseURL } = await inProcess(db.location);
    for (const path of ['/healthz', '/readyz']) {
      const response = await fetch(baseURL + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toMatchObject({ status: 'ok' });
    }
  });
});

describe('readiness when PostgreSQL goes away', () => {
  it('answers /readyz 503 (and /healthz 200) once the database cannot be reached', async () => {
    const db = await freshDatabase('postgres');
    const { baseURL } = await inProcess(db.location);
    expect((await fetch(baseURL + '/readyz')).status).toBe(200);
    const admin = new pg.Client(inject('postgresUrl'));
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE ${new URL(db.env.DATABASE_URL).pathname.slice(1)} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
    await waitFor('/readyz to report the database unreachable', async () => (await fetch(baseURL + '/readyz')).status === 503);
    expect(await (await fetch(baseURL + '/readyz')).json()).toEqual({ status: 'unavailable', store: 'postgres', reason: 'unreachable' });
    expect((await fetch(baseURL + '/healthz')).status).toBe(200);
    const refused = await postLead(baseURL, { email: 'gone@example.com' });
    expect(refused.status).toBeGreaterThanOrEqual(500);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});

describe('logs', () => {
  it('are JSON lines: a startup line naming the store, request lines with the request id, and no email address', async () => {
    const db = await freshDatabase('postgres');
    const server = await child({ ...db.env, LOG_LEVEL: 'info' });
    const response = await postLead(server.baseURL, { email: 'Private.Person@example.com', page: '/' });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await fetch(`${server.baseURL}/?email=private.person%40example.com`);
    await waitFor('the request lines', () => server.output().split(requestId).length > 2);

    const lines = server
      .output()
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((l) => String(l.msg).includes('leads stored in PostgreSQL'))).toMatchObject({ store: 'postgres' });
    expect(lines.filter((l) => l.reqId === requestId).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(server.output().toLowerCase()).not.toContain('private.person');
    // The database URL is logged without a password (the test cluster has none; the field is there).
    expect(lines.some((l) => typeof l.database === 'string')).toBe(true);
  });
});
