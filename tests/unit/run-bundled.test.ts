/**
 * scripts/run-bundled.mjs (what `npm run validate`, `npm start` and the leads:* commands run): a command runs from its
 * bundle, which is made again when one of its sources changes; `import.meta.dirname` is still the source file's folder,
 * and packages load from node_modules.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'run-bundled-'));
const name = `run-bundled-probe-${process.pid}`;
const command = join(dir, `${name}.ts`);
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/run-bundled.mjs', command, ...args], { cwd: ROOT, encoding: 'utf8' });

const CACHE = join(ROOT, 'node_modules', '.cache', 'run-bundled');
/** The bundles and stamps of this run's probe commands. */
const probeFiles = () => readdirSync(CACHE).filter((file) => file.includes(name));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const file of probeFiles()) rmSync(join(CACHE, file), { force: true });
});

describe('run-bundled', () => {
  it('runs a TypeScript command with its arguments, from its folder, and makes it again once a source changed', () => {
    writeFileSync(join(dir, 'word.ts'), "export const word: string = 'first';\n");
    writeFileSync(command, "import { word } from './word';\nconsole.log(word, import.meta.dirname, process.argv.slice(2).join(' '));\n");
    const first = run('--json', 'x');
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toBe(`first ${dir} --json x`);
    expect(run().stdout.trim()).toBe(`first ${dir}`);
    writeFileSync(join(dir, 'word.ts'), "export const word: string = 'second, changed';\n");
    expect(run().stdout.trim()).toBe(`second, changed ${dir}`);
  });

  it('keeps two commands of the same name in different folders apart', () => {
    const other = join(dir, 'other');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, `${name}.ts`), "console.log('the other one');\n");
    writeFileSync(command, "console.log('this one');\n");
    expect(run().stdout.trim()).toBe('this one');
    const result = spawnSync(process.execPath, ['scripts/run-bundled.mjs', join(other, `${name}.ts`)], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stdout.trim()).toBe('the other one');
    expect(run().stdout.trim()).toBe('this one');
  });

  it("loads packages from node_modules, under the names Node resolves (TypeScript's ajv/dist/2020 is ajv/dist/2020.js)", () => {
    writeFileSync(
      command,
      [
        "import Ajv2020 from 'ajv/dist/2020';",
        "import { z } from 'zod';",
        "console.log(new Ajv2020().validate({ type: 'string' }, 'x'), z.string().parse('y'));",
      ].join('\n'),
    );
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('true y');
    const [bundleFile] = probeFiles().filter((file) => file.endsWith(`${name}.mjs`) && !file.includes('other'));
    const bundle = readFileSync(join(CACHE, bundleFile), 'utf8');
    expect(bundle).toContain('from "ajv/dist/2020.js"');
    expect(bundle).toContain('from "zod"');
    expect(bundle.length).toBeLessThan(5_000); // the command's own code only
  });
});
