/**
 * Commands (git) started by a small process of the editor's own (spawner-process.mjs), not by the editor's: starting
 * a process copies the starter's memory map, and in a process the editor's size that took 1.3 to 3.8 ms of its CPU per
 * git call, its event loop stopped meanwhile (ChildProcess.spawn was 60 to 70 % of the server tests' own CPU, with
 * over 2,000 git calls in one test file). From the spawner the same call costs the editor about 0.15 ms. One spawner
 * per process, started at the first command, asked by every repository; it does not keep the editor running while
 * nothing is asked. If it stops, what was asked of it fails (the caller's GitError) and the next command starts another.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

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

interface Spawner {
  child: ChildProcess;
  waiting: Map<number, { resolve: (result: CommandResult) => void; reject: (error: Error) => void }>;
}

let spawner: Spawner | undefined;
let nextId = 0;

function start(): Spawner {
  const child = spawn(process.execPath, [PROCESS_FILE], { stdio: ['pipe', 'pipe', 'inherit'] });
  const started: Spawner = { child, waiting: new Map() };
  const stopped = (why: string) => {
    if (spawner === started) spawner = undefined;
    for (const { reject } of started.waiting.values()) reject(new Error(`The editor's command spawner stopped (${why})`));
    started.waiting.clear();
  };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const { id, ...result } = JSON.parse(line) as CommandResult & { id: number };
    const waiter = started.waiting.get(id);
    started.waiting.delete(id);
    if (!started.waiting.size) idle(started);
    waiter?.resolve(result);
  });
  child.on('exit', (code, signal) => stopped(signal ?? `exit ${code}`));
  child.on('error', (error) => stopped(error.message));
  child.stdin!.on('error', (error) => stopped(error.message));
  idle(started);
  return started;
}

/** Nothing asked: the spawner and its pipes do not keep this process running. */
function idle({ child }: Spawner) {
  child.unref();
  (child.stdout as unknown as { unref(): void }).unref();
  (child.stdin as unknown as { unref(): void }).unref();
}

function busy({ child }: Spawner) {
  child.ref();
  (child.stdout as unknown as { ref(): void }).ref();
  (child.stdin as unknown as { ref(): void }).ref();
}

/** Runs the command from the spawner: what it printed and how it ended, as execFile would tell. */
export function runCommand(request: CommandRequest): Promise<CommandResult> {
  const current = (spawner ??= start());
  const id = nextId++;
  return new Promise((resolve, reject) => {
    if (!current.waiting.size) busy(current);
    current.waiting.set(id, { resolve, reject });
    current.child.stdin!.write(`${JSON.stringify({ id, ...request })}\n`);
  });
}
