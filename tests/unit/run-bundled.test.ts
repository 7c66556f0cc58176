/**
 * scripts/run-bundled.mjs (what `npm run validate` runs): a command runs from its bundle, which is made again when
 * one of its sources changes, and `import.meta.dirname` is still the source file's folder.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'run-bundled-'));
const name = `run-bundled-probe-${process.pid}`;
const command = join(dir, `${name}.ts`);
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/run-bundled.mjs', command, ...args], { cwd: ROOT, encoding: 'utf8' });

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const file of [`${name}.mjs`, `${name}.mjs.map`, `${name}.inputs.json`])
    rmSync(join(ROOT, 'node_modules', '.cache', 'run-bundled', file), { force: true });
});

describe('run-bundled', () => {
  it('runs a TypeScript command with its arguments, from its folder, and makes it again once a source changed', () => {
    writeFileSync(join(dir, 'word.ts'), "export const word: string = 'first';\n");
    writeFileSync(command, "import { word } from './word';\nconsole.log(word, import.meta.dirname, process.argv.slice(2).join(' '));\n");
    expect(run('--json', 'x').stdout.trim()).toBe(`first ${dir} --json x`);
    expect(run().stdout.trim()).toBe(`first ${dir}`);
    writeFileSync(join(dir, 'word.ts'), "export const word: string = 'second, changed';\n");
    expect(run().stdout.trim()).toBe(`second, changed ${dir}`);
  });
});
