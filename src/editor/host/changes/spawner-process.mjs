// @ts-check
/**
 * The editor's spawner (spawner.ts): a small process that starts the commands the editor asks for (git) and answers
 * what each printed and how it ended. One request per line on standard input, one answer per line on file descriptor
 * 3, both JSON: its own standard output and error are the editor's, for whatever else prints (a preload). A request it
 * cannot run is answered as failed, never by stopping: the editor's other calls go on. Plain JavaScript, so it starts
 * the same whether the editor runs from its sources (tsx, vitest) or bundled (scripts/tools/run-bundled.mjs). When the
 * editor's end of the pipe closes (it stopped, or was killed), this process stops too; a command already started
 * finishes on its own, as it did when the editor started it.
 */
import { execFile } from 'node:child_process';
import { Socket } from 'node:net';
import { createInterface } from 'node:readline';

/**
 * @typedef {{ id: number, file: string, args: string[], cwd: string, env: Record<string, string>, input?: string,
 *   timeoutMs: number, maxBuffer: number }} Request
 */

const answers = new Socket({ fd: 3, readable: false, writable: true });
// The editor stopped reading: nobody is left to answer.
answers.on('error', () => process.exit(0));

/** @param {number} id @param {{ code: number | null, stdout: string, stderr: string, reason?: string }} result */
function answer(id, result) {
  let line;
  try {
    line = JSON.stringify({ id, ...result });
  } catch (error) {
    // Output past what one string can hold once escaped.
    line = JSON.stringify({ id, code: null, stdout: '', stderr: '', reason: `its output could not be sent: ${String(error)}` });
  }
  answers.write(`${line}\n`);
}

/** @param {Request} request */
function run({ id, file, args, cwd, env, input, timeoutMs, maxBuffer }) {
  const child = execFile(file, args, { cwd, env, encoding: 'utf8', maxBuffer, timeout: timeoutMs }, (error, stdout, stderr) => {
    if (!error) return answer(id, { code: 0, stdout, stderr });
    // An exit code; else why it did not run or was stopped (ENOENT, a timeout's signal, output past maxBuffer).
    const code = typeof error.code === 'number' ? error.code : null;
    answer(id, { code, stdout, stderr, ...(code === null ? { reason: error.message } : {}) });
  });
  if (input !== undefined) {
    // A command that exits before reading all of it answers with its own error above, not with EPIPE here.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  }
}

createInterface({ input: process.stdin })
  .on('line', (line) => {
    /** @type {Request | undefined} */
    let request;
    try {
      request = JSON.parse(line);
      run(/** @type {Request} */ (request));
    } catch (error) {
      // execFile throws at once for what cannot be run at all (a NUL byte in an argument or a variable).
      if (request) answer(request.id, { code: null, stdout: '', stderr: '', reason: String(error) });
    }
  })
  .on('close', () => process.exit(0));
