/**
 * scripts/tools/run-bundled.mjs (what `npm run validate`, `npm start` and the leads:* commands run): a command runs from its
 * bundle, which is made again when one of its sources changes; `import.meta.dirname` is still the source file's folder,
 * and packages load from node_modules. A `--script` command (`npm run validate`) is one CommonJS script, its packages
 * in it, run with V8's code cache of that very code.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'run-bundled-'));
const name = `run-bundled-probe-${process.pid}`;
const command = join(dir, `${name}.ts`);
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', command, ...args], { cwd: ROOT, encoding: 'utf8' });
const runScript = () =>
  spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', '--script', command], { cwd: ROOT, encoding: 'utf8' });

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

  it('writes no folder of the project into a bundle: a source in it finds its folder where the project is now', () => {
    // A copied or moved project runs the bundles its node_modules/.cache brought along (tests/build/project-copy.test.ts).
    const inside = mkdtempSync(join(ROOT, '.run-bundled-probe-'));
    try {
      const probe = join(inside, 'probe.ts');
      // With zod, which a script bundles through a plugin of its own (zod's English messages only).
      writeFileSync(
        probe,
        "import { z } from 'zod';\nz.string();\nconsole.log(import.meta.dirname, new URL('.', import.meta.url).pathname);\n",
      );
      for (const mode of [[], ['--script']]) {
        const result = spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', ...mode, probe], { cwd: ROOT, encoding: 'utf8' });
        expect(result.stderr).toBe('');
        expect(result.stdout.trim()).toBe(`${inside} ${inside}/`);
        const stem = relative(ROOT, probe)
          .replace(/\.ts$/, '')
          .replace(/[\\/:]/g, '--');
        const { bundle } = JSON.parse(readFileSync(join(CACHE, `${stem}.${mode.length ? 'cjs' : 'mjs'}.json`), 'utf8')) as {
          bundle: string;
        };
        expect(readFileSync(join(CACHE, bundle), 'utf8')).not.toContain(ROOT);
      }
    } finally {
      rmSync(inside, { recursive: true, force: true });
      for (const file of readdirSync(CACHE).filter((file) => file.includes(basename(inside)))) rmSync(join(CACHE, file), { force: true });
    }
  });

  it('keeps two commands of the same name in different folders apart', () => {
    const other = join(dir, 'other');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, `${name}.ts`), "console.log('the other one');\n");
    writeFileSync(command, "console.log('this one');\n");
    expect(run().stdout.trim()).toBe('this one');
    const result = spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', join(other, `${name}.ts`)], {
      cwd: ROOT,
      encoding: 'utf8',
    });
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
    const stem = relative(ROOT, command)
      .replace(/\.ts$/, '')
      .replace(/[\\/:]/g, '--');
    const record = JSON.parse(readFileSync(join(CACHE, `${stem}.mjs.json`), 'utf8')) as { bundle: string };
    const bundle = readFileSync(join(CACHE, record.bundle), 'utf8');
    expect(bundle).toContain('from "ajv/dist/2020.js"');
    expect(bundle).toContain('from "zod"');
    expect(bundle.length).toBeLessThan(5_000); // the command's own code only
  });

  describe('--script', () => {
    /** The runner names a bundle by the command's path from the project: `..--..--tmp--run-bundled-x--<name>`. */
    const bundleName = relative(ROOT, command)
      .replace(/\.ts$/, '')
      .replace(/[\\/:]/g, '--');
    /** The script's file, named in its record by a hash of its code: `<name>-<hash>.cjs`. */
    const scriptFile = () =>
      join(CACHE, (JSON.parse(readFileSync(join(CACHE, `${bundleName}.cjs.json`), 'utf8')) as { bundle: string }).bundle);
    let script = '';
    let codeCache = '';
    const located = () => {
      script = scriptFile();
      codeCache = script.replace(/\.cjs$/, '.v8');
    };
    /** The SHA-256 of the script's code as run, which the code cache must start with. */
    const codeHash = () =>
      createHash('sha256')
        .update(`(function (exports, require, module, __filename, __dirname) {${readFileSync(script, 'utf8')}\n})`)
        .digest();
    const madeAt = () => statSync(codeCache).mtimeMs;

    it('runs the command as one script with its packages in it, and keeps its code cache while the code is the same', () => {
      writeFileSync(
        command,
        "import { z } from 'zod';\nconsole.log(z.string().parse('ok'), import.meta.dirname, process.argv.slice(2).join(' '));\n",
      );
      const first = spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', '--script', command, '--json'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(first.stderr).toBe('');
      expect(first.stdout.trim()).toBe(`ok ${dir} --json`);
      located();
      expect(readFileSync(script, 'utf8')).not.toMatch(/require\("zod"\)/);
      expect(readFileSync(codeCache).subarray(0, 32)).toEqual(codeHash());
      const made = madeAt();
      expect(runScript().stdout.trim()).toBe(`ok ${dir}`);
      expect(madeAt()).toBe(made); // accepted, so not made again
    });

    it("holds zod's English messages only: its fifty languages are a third of a script that checks with zod", () => {
      writeFileSync(
        command,
        "import { z } from 'zod';\nconsole.log(Object.keys(z.locales).join(), Object.keys(z.core.locales).join(), z.string().safeParse(1).error?.issues[0].message);\n",
      );
      const run = runScript();
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe('en en Invalid input: expected string, received number');
      located();
      expect(readFileSync(script, 'utf8')).not.toContain('zod/v4/locales/de.js');
    });

    it('runs changed code as changed, with a code cache of its own, even at the same length (V8 would take the old one)', () => {
      writeFileSync(command, "console.log('lower case words');\n");
      expect(runScript().stdout.trim()).toBe('lower case words');
      located();
      const before = readFileSync(codeCache);
      // The bundle changed in place, as a bundle made meanwhile by another process would be: same length, other code.
      writeFileSync(script, readFileSync(script, 'utf8').replace('lower case words', 'UPPER CASE WORDS'));
      expect(runScript().stdout.trim()).toBe('UPPER CASE WORDS');
      const after = readFileSync(codeCache);
      expect(after.subarray(0, 32)).toEqual(codeHash());
      expect(after.subarray(0, 32)).not.toEqual(before.subarray(0, 32));
    });

    it('runs with a damaged code cache, and makes it again', () => {
      writeFileSync(command, "console.log('still runs');\n");
      expect(runScript().stdout.trim()).toBe('still runs');
      located();
      writeFileSync(codeCache, Buffer.concat([codeHash(), Buffer.from('not a code cache')]));
      const run = runScript();
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe('still runs');
      expect(readFileSync(codeCache).length).toBeGreaterThan(100);
    });

    it('makes no code cache from a run that fails, which compiled only part of the code', () => {
      writeFileSync(command, "console.log('stops early');\nprocess.exit(2);\n");
      const run = runScript();
      located(); // a new bundle, so no code cache yet
      expect([run.status, run.stdout.trim()]).toEqual([2, 'stops early']);
      expect(existsSync(codeCache)).toBe(false);
    });

    it('requires a package imported with import() when the call runs (vm.Script has no loader for import())', () => {
      writeFileSync(
        command,
        "import('fastest-levenshtein').then(({ distance }) => console.log('distance', distance('kitten', 'sitting')));\n",
      );
      const run = runScript();
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe('distance 3');
      located();
      expect(readFileSync(script, 'utf8')).toContain('require("fastest-levenshtein")');
    });

    it('refuses a command that reads import.meta beyond dirname and url, which a script does not have', () => {
      // Bundled, this would run and print `undefined`: esbuild makes import.meta an empty object in a script.
      writeFileSync(command, "console.log('resolve is', typeof import.meta.resolve);\n");
      const run = runScript();
      expect([run.status, run.stdout]).toEqual([1, '']);
      expect(run.stderr).toContain('"import.meta" is not available');
    });
  });
});
