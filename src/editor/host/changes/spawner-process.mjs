// @ts-check
/**
 * The editor's spawner (spawner.ts): a small process that starts the commands the editor asks for (git) and answers
 * what each printed and how it ended. One request per line on standard input, one answer per line on standard output,
 * both JSON. Plain JavaScript, so it starts the same whether the editor runs from its sources (tsx, vitest) or bundled
 * (scripts/tools/run-bundled.mjs). When the editor's end of the pipe closes (it stopped, or was killed), this process
 * stops too; a command already started finishes on its own, as it did when the editor started it.
 */
import { execFile } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * @typedef {{ id: number, file: string, args: string[], cwd: string, env: Record<string, string>, input?: string,
 *   timeoutMs: number, maxBuffer: number }} Request
 */

/** @param {unknown} answer */
const answer = (answer) => process.stdout.write(`${JSON.stringify(answer)}\n`);
// The editor stopped reading: nobody is left to answer.
process.stdout.on('error', () => process.exit(0));

createInterface({ input: process.stdin })
  .on('line', (line) => {
    /** @type {Request} */
    const { id, file, args, cwd, env, input, timeoutMs, maxBuffer } = JSON.parse(line);
    const child = execFile(file, args, { cwd, env, encoding: 'utf8', maxBuffer, timeout: timeoutMs }, (error, stdout, stderr) => {
      if (!error) return answer({ id, code: 0, stdout, stderr });
      // An exit code; else why it did not run or was stopped (ENOENT, a timeout's signal, output past maxBuffer).
      const code = typeof error.code === 'number' ? error.code : null;
      answer({ id, code, stdout, stderr, ...(code === null ? { reason: error.message } : {}) });
    });
    if (input !== undefined) {
      // A command that exits before reading all of it answers with its own error above, not with EPIPE here.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(input);
    }
  })
  .on('close', () => process.exit(0));
