/**
 * Helpers for the lead-server tests: the real server in this process or as a
 * child process (`node server/start.ts`, as `npm start` runs it), concurrent
 * submitters, and waiting for a state instead of sleeping.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ServerOptions } from '../../server/app';

export const ROOT = join(import.meta.dirname, '..', '..');
export const ENDPOINT = '/functions/v1/submit-email';

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

/** A two-page stand-in for dist/, for tests that only exercise the endpoint (so start.ts does not build the site). */
export function tinyDist(): string {
  const dir = tempDir('leads-dist');
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Home</title><h1>Home</h1>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Not found</title><h1>404</h1>');
  mkdirSync(join(dir, 'assets'));
  return dir;
}

/** The real server in this process, listening on a loopback port. */
export async function startInProcess(options: Partial<ServerOptions> = {}) {
  const app = await createServer({ distDir: tinyDist(), ...options });
  const baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseURL, close: () => app.close() };
}

/** This process's environment without the server settings a developer may have exported (each test sets its own). */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env))
    if (/^(DATABASE_URL|LEADS_|TRUST_PROXY|PORT|HOST|DIST_DIR|SUBMIT_|MAX_CONNECTIONS)/.test(name)) delete env[name];
  return env;
}

export function postLead(baseURL: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(baseURL + ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A server script in a child process, as `npm start` runs it: what it prints, its exit, and its address. */
export interface ListeningProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Its address once it listens; rejected with its output if it exits first. */
  listening: Promise<string>;
}

/**
 * `script` (`server/start.ts`, `scripts/tools/start.ts`) through scripts/tools/run-bundled.mjs, as the npm scripts
 * run it, in a child process on a port the system picks (PORT=0: it reports its address over IPC), so parallel
 * test workers never collide on a port. Returned at once: a test may watch its output before it listens.
 */
export function spawnListening(script: string, env: NodeJS.ProcessEnv): ListeningProcess {
  const child = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', script], {
    cwd: ROOT,
    env: { ...cleanEnv(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.on('message', (message: { listening?: string }) => {
      if (!message.listening) return;
      resolve(message.listening);
      child.disconnect(); // the IPC channel is not needed any more; it would keep this process waiting
    });
    // A signal (code null) names itself: a process killed from outside says by what.
    void exited.then((code) => reject(new Error(`${script} exited early (code ${code}, signal ${child.signalCode}):\n${output}`)));
  });
  listening.catch(() => undefined); // the caller's to await: an exit before it is its failure, said there
  return { child, output: () => output, exited, listening };
}

export interface ServerProcess extends Omit<ListeningProcess, 'listening'> {
  baseURL: string;
}

/**
 * The leads server (`server/start.ts`) on the tiny site, listening. A raised rate limit and a long keep-alive unless
 * env says otherwise.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const { listening, ...server } = spawnListening('server/start.ts', {
    LEADS_RATE_LIMIT: '1000000',
    // The tests' clients reuse pooled connections. Under CPU starvation one can sit idle past the server's 5 s
    // close, and a submission sent on it just then is reset (the keep-alive race; fetch does not retry a POST).
    // The idle close itself is tested in hardening.test.ts.
    KEEP_ALIVE_TIMEOUT_MS: '120000',
    DIST_DIR: tinyDist(),
    DIST_REBUILD: 'never', // the tiny site is not a build of this working tree
    ...env,
  });
  let timer: NodeJS.Timeout | undefined;
  const started = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`server did not start:\n${server.output()}`)), 120_000);
  });
  try {
    return { ...server, baseURL: await Promise.race([listening, started]) };
  } finally {
    clearTimeout(timer);
  }
}

export interface LoadResult {
  /** Emails answered with a 2xx. */
  acknowledged: string[];
  /** Status code -> count; 0 counts network errors. */
  statuses: Record<number, number>;
}

/** One POST over a keep-alive agent (node:http is several times lighter than fetch, which matters under load). */
function postWithAgent(agent: Agent, baseURL: string, email: string): Promise<number> {
  const body = JSON.stringify({ email, page: '/', placement: 'load-test' });
  return new Promise((resolve) => {
    const request = httpRequest(
      baseURL + ENDPOINT,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': crypto.randomUUID() },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

/** Submits every email once, from `concurrency` clients working through the list in parallel, until `stop` says so. */
export async function submitConcurrently(
  baseURL: string,
  emails: string[],
  concurrency: number,
  stop?: () => boolean,
): Promise<LoadResult> {
  const result: LoadResult = { acknowledged: [], statuses: {} };
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  async function client() {
    while (next < emails.length && !stop?.()) {
      const email = emails[next++];
      const status = await postWithAgent(agent, baseURL, email);
      result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      if (status >= 200 && status < 300) result.acknowledged.push(email);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client));
  agent.destroy();
  return result;
}

/** Polls `check` until it returns something truthy (a state the test waits for), or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 120_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
