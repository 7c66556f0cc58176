/**
 * Commands (git) started by a small process of the editor's own (spawner-process.mjs), not by the editor's: starting
 * a process copies the starter's memory map, and in a process the editor's size that took 1.3 to 3.8 ms of its CPU per
 * git call, its event loop stopped meanwhile (ChildProcess.spawn was 60 to 70 % of the server tests' own CPU, with
 * over 2,000 git calls in one test file). From the spawner the same call costs the editor about 0.15 ms. One spawner
 * per process, started at the first command, asked by every repository; it does not keep the editor running while
 * nothing is asked. If it stops, what was asked of it and not answered fails (the caller's GitError) and the next
 * command starts another; a call with no answer in its time and a margin fails too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export interface CommandRequest {
  file: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Written to the command's standard input. */
  input?: string;
  timeoutMs: number;
  maxBuffer: number;
}

export interface CommandResult {
  stdout: string;
  stderr: string;
  /** The exit code; null when it did not run or was stopped (`reason` says why). */
  code: number | null;
  reason?: string;
}

const PROCESS_FILE = join(import.meta.dirname, 'spawner-process.mjs');
/** Past a command's own time (the spawner stops it then), how long its answer may take to come. */
const ANSWER_MARGIN_MS = 30_000;

interface Waiting {
  resolve: (result: CommandResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface Spawner {
  child: ChildProcess;
  requests: Writable | null;
  answers: Readable | null;
  waiting: Map<number, Waiting>;
  stoppedBecause?: string;
}

let spawner: Spawner | undefined;
let nextId = 0;

function start(): Spawner {
  // Without NODE_OPTIONS: the spawner needs no preload (an agent the editor is run with), nor the time it takes.
  const { NODE_OPTIONS: _options, ...env } = process.env;
  // Answers on descriptor 3; its standard output and error are the editor's.
  const child = spawn(process.execPath, [PROCESS_FILE], { stdio: ['pipe', 'inherit', 'inherit', 'pipe'], env });
  const started: Spawner = { child, requests: child.stdin, answers: child.stdio[3] as Readable | null, waiting: new Map() };
  const stopped = (why: string) => {
    if (spawner === started) spawner = undefined;
    started.stoppedBecause ??= why;
    for (const { reject, timer } of started.waiting.values()) {
      clearTimeout(timer);
      reject(new Error(`The editor's command spawner stopped (${why})`));
    }
    started.waiting.clear();
  };
  // Registered first: a spawn that fails (no file descriptor left) reports it here, and has no pipes.
  child.on('error', (error) => stopped(error.message));
  // On close, not exit: every answer it wrote has been read by then.
  child.on('close', (code, signal) => stopped(signal ?? `exit ${code}`));
  if (!started.requests || !started.answers) {
    stopped('it could not be started');
    return started;
  }
  started.requests.on('error', (error) => stopped(error.message));
  createInterface({ input: started.answers }).on('line', (line) => {
    let answer: CommandResult & { id: number };
    try {
      answer = JSON.parse(line) as CommandResult & { id: number };
    } catch {
      return; // not an answer: nothing waits for it
    }
    const { id, ...result } = answer;
    const waiter = started.waiting.get(id);
    if (!waiter) return;
    started.waiting.delete(id);
    clearTimeout(waiter.timer);
    if (!started.waiting.size) idle(started);
    waiter.resolve(result);
  });
  idle(started);
  return started;
}

/** Nothing asked: the spawner and its pipes do not keep this process running. */
function idle({ child, requests, answers }: Spawner) {
  child.unref();
  (answers as unknown as { unref(): void }).unref();
  (requests as unknown as { unref(): void }).unref();
}

function busy({ child, requests, answers }: Spawner) {
  child.ref();
  (answers as unknown as { ref(): void }).ref();
  (requests as unknown as { ref(): void }).ref();
}

/** Runs the command from the spawner: what it printed and how it ended, as execFile would tell. */
export function runCommand(request: CommandRequest): Promise<CommandResult> {
  if (!spawner || spawner.stoppedBecause) spawner = start();
  const current = spawner;
  if (current.stoppedBecause) {
    spawner = undefined; // the next command tries again
    return Promise.reject(new Error(`The editor's command spawner stopped (${current.stoppedBecause})`));
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    if (!current.waiting.size) busy(current);
    const timer = setTimeout(() => {
      current.waiting.delete(id);
      if (!current.waiting.size) idle(current);
      reject(new Error(`The editor's command spawner did not answer in ${request.timeoutMs + ANSWER_MARGIN_MS} ms`));
    }, request.timeoutMs + ANSWER_MARGIN_MS);
    current.waiting.set(id, { resolve, reject, timer });
    current.requests!.write(`${JSON.stringify({ id, ...request })}\n`);
  });
}
