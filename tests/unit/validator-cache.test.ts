/**
 * src/engine/load/documents/validator-cache.ts: a JSON Schema is compiled by the first process that meets it; later processes load
 * ajv's code for it with V8's code cache, which the first of them makes when it exits. A code cache belongs to the
 * code it was made from (changed code gets its own), and one V8 refuses (a damaged file, another V8) costs only
 * speed: the validator still judges, and the cache is made again.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'reachwell-validators');
const dir = mkdtempSync(join(tmpdir(), 'validator-cache-'));
// A schema no other run has met, so this file's processes compile it and make its caches.
const schema = {
  $id: `https://example.com/validator-cache-${process.pid}-${Date.now()}`,
  type: 'object',
  properties: { n: { type: 'number' } },
  required: ['n'],
};
const probe = join(dir, 'probe.ts');
writeFileSync(
  probe,
  [
    `import { jsonSchemaValidator } from ${JSON.stringify(join(ROOT, 'src/engine/load/documents/validator-cache.ts'))};`,
    `const validate = jsonSchemaValidator(${JSON.stringify(schema)});`,
    "console.log(validate({ n: 1 }), validate({}), validate.errors?.[0]?.message ?? '');",
  ].join('\n'),
);
const run = () => spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', probe], { cwd: ROOT, encoding: 'utf8' });
/** This schema's compiled code in the cache (named by a hash), and the code caches made of it. */
const cached = () =>
  readdirSync(CACHE).filter((file) => file.endsWith('.cjs') && readFileSync(join(CACHE, file), 'utf8').includes(schema.$id));
const codeCaches = (code: string) =>
  readdirSync(CACHE).filter((file) => file.startsWith(code.replace(/\.cjs$/, '-')) && file.endsWith('.v8'));

afterAll(() => {
  for (const file of cached()) for (const made of [file, ...codeCaches(file)]) rmSync(join(CACHE, made), { force: true });
  const bundles = join(ROOT, 'node_modules', '.cache', 'run-bundled');
  for (const file of readdirSync(bundles).filter((f) => f.includes(basename(dir)))) rmSync(join(bundles, file), { force: true });
  rmSync(dir, { recursive: true, force: true });
});

describe('the validator cache', () => {
  it('compiles a schema once, then loads it with a code cache V8 accepts, and recovers from a damaged one', () => {
    const verdict = "true false must have required property 'n'";
    // First process: compiles the schema and keeps ajv's code; no code cache yet.
    expect(run().stdout.trim()).toBe(verdict);
    const [code] = cached();
    expect(code).toMatch(/^[0-9a-f]{32}\.cjs$/);
    expect(codeCaches(code)).toEqual([]);

    // Second process: loads the code and, on exit, keeps V8's code cache of it.
    expect(run().stdout.trim()).toBe(verdict);
    const [made] = codeCaches(code);
    const codeCache = join(CACHE, made);
    expect(statSync(codeCache).size).toBeGreaterThan(0);
    const madeAt = statSync(codeCache).mtimeMs;

    // Third: V8 accepts the cache, so nothing is made again.
    expect(run().stdout.trim()).toBe(verdict);
    expect(codeCaches(code)).toEqual([made]);
    expect(statSync(codeCache).mtimeMs).toBe(madeAt);

    // A damaged cache: the validator judges the same, and the cache is made again.
    writeFileSync(codeCache, 'not a code cache');
    expect(run().stdout.trim()).toBe(verdict);
    expect(statSync(codeCache).size).toBeGreaterThan('not a code cache'.length);

    // Other code under the same name (V8 would take the old cache for code of the same length): a cache of its own.
    writeFileSync(join(CACHE, code), readFileSync(join(CACHE, code), 'utf8').replace('"use strict";', "'use strict';"));
    expect(run().stdout.trim()).toBe(verdict);
    expect(codeCaches(code)).toHaveLength(2);
  });
});
