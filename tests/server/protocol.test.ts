/**
 * Requests as bytes on a socket, for what a browser never sends: requests Node's HTTP parser refuses, URLs that
 * cannot be decoded, and pipelined requests behind an error. Each answer carries the site's security headers, and
 * a pipelined submission is never stored without being answered.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT, startInProcess } from './helpers';

let server: Awaited<ReturnType<typeof startInProcess>>;
/** The security headers of an ordinary page: every answer must carry the same. */
let pageSecurityHeaders: Record<string, string>;

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'strict-transport-security',
  'cross-origin-opener-policy',
  'permissions-policy',
];

beforeAll(async () => {
  server = await startInProcess({ rateLimit: { max: 1000, timeWindowMs: 60_000 } });
  const page = await fetch(server.baseURL + '/');
  await page.arrayBuffer();
  pageSecurityHeaders = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, page.headers.get(name)!]));
  expect(Object.values(pageSecurityHeaders).every(Boolean)).toBe(true);
});
afterAll(() => server?.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `bytes` on a new connection and resolves with every answer once the server has closed the connection. */
function exchange(bytes: string | Buffer): Promise<RawAnswer[]> {
  const { hostname, port } = new URL(server.baseURL);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => undefined);
    const timer = setTimeout(() => reject(new Error(`the connection stayed open; received:\n${received}`)), 10_000);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswers(received));
    });
  });
}

function parseAnswers(text: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(headEnd + 4, headEnd + 4 + length) });
    rest = rest.slice(headEnd + 4 + length);
  }
  return answers;
}

const post = (body: string, extra = '') =>
  `POST ${ENDPOINT} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;
const lead = (email: string) => JSON.stringify({ email });
const storedEmails = async () => (await server.app.leadStore.listLeads()).map((row) => row.email);

function expectSecurityHeaders(answer: RawAnswer) {
  expect(Object.fromEntries(SECURITY_HEADERS.map((name) => [name, answer.headers[name]]))).toEqual(pageSecurityHeaders);
  expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
}

describe('requests the HTTP parser refuses', () => {
  it.each([
    ['an unknown method', 'FOO / HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ['Content-Length with Transfer-Encoding', post('0\r\n\r\n', 'Transfer-Encoding: chunked\r\n')],
    ['two Content-Lengths', post('{"email":"x@example.com"}', 'Content-Length: 3\r\n')],
    ['a bare LF', 'GET / HTTP/1.1\nHost: localhost\n\n'],
  ])('%s: 400 in the endpoint error shape, with the security headers, and the connection closed', async (_name, bytes) => {
    const [answer, ...more] = await exchange(bytes);
    expect(more).toEqual([]);
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer);
    expect(answer.headers).toMatchObject({ 'cache-control': 'no-store', connection: 'close' });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'bad_request', message: expect.stringMatching(/not valid HTTP\/1\.1/) } });
  });

  it('headers too large: 431 with the security headers', async () => {
    const [answer] = await exchange(`GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expectSecurityHeaders(answer);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'headers_too_large' } });
  });
});

describe('URLs that cannot be decoded', () => {
  it.each(['/%E0%A4%A', '/%', '/a%ZZ'])('%s: the 404 page with the security headers', async (path) => {
    const [answer] = await exchange(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toContain('<h1>404</h1>');
    expectSecurityHeaders(answer);
  });
});

describe('pipelining', () => {
  it('answers a valid submission followed by garbage, then the garbage', async () => {
    const answers = await exchange(post(lead('before-garbage@example.com')) + 'GARBAGE\r\n\r\n');
    expect(answers.map((a) => a.status)).toEqual([200, 400]);
    expect(JSON.parse(answers[0].body)).toEqual({ ok: true });
    expect(await storedEmails()).toContain('before-garbage@example.com');
  });

  it.each([
    ['a 400', post('{"email": ')],
    ['a 413', post(JSON.stringify({ email: 'big@example.com', page: `/${'x'.repeat(5000)}` }))],
  ])('neither runs nor stores a submission pipelined behind %s, which closes the connection', async (_name, first) => {
    const email = `behind-${crypto.randomUUID()}@example.com`;
    const answers = await exchange(first + post(lead(email)));
    expect(answers).toHaveLength(1);
    expect(answers[0].headers.connection).toBe('close');
    expect(await storedEmails()).not.toContain(email);
  });

  it('still answers pipelined requests in order when each keeps the connection open', async () => {
    const answers = await exchange(
      post(lead('pipelined-1@example.com')) +
        post(lead('pipelined-2@example.com')) +
        post(lead('pipelined-3@example.com'), 'Connection: close\r\n'),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await storedEmails()).toEqual(
      expect.arrayContaining(['pipelined-1@example.com', 'pipelined-2@example.com', 'pipelined-3@example.com']),
    );
  });
});
