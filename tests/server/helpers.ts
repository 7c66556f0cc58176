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

export interface ServerProcess {
  baseURL: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/**
 * `server/start.ts` as a child process on a port the system picks (PORT=0; the server reports its address),
 * so parallel test workers can never collide on a port. A raised rate limit and a long keep-alive unless env says otherwise.
 * Run as `npm start` runs it (scripts/tools/run-bundled.mjs), in the process the tests kill.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', 'server/start.ts'], {
    cwd: ROOT,
    env: {
      ...cleanEnv(),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LEADS_RATE_LIMIT: '1000000',
      // The tests' clients reuse pooled connections. Under CPU starvation one can sit idle past the server's 5 s
      // close, and a submission sent on it just then is reset (the keep-alive race; fetch does not retry a POST).
      // The idle close itself is tested in hardening.test.ts.
      KEEP_ALIVE_TIMEOUT_MS: '120000',
      DIST_DIR: tinyDist(),
      DIST_REBUILD: 'never', // the tiny site is not a build of this working tree
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    child.on('message', (message: { listening?: string }) => {
      if (!message.listening) return;
      clearTimeout(timer);
      resolve(message.listening);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      // A signal (code null) names itself: a process killed from outside says by what.
      reject(new Error(`server exited early (code ${code}, signal ${child.signalCode}):\n${output}`));
    });
  });
  child.disconnect(); // the IPC channel is not needed any more; it would keep this process waiting
  return { baseURL, child, output: () => output, exited };
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
