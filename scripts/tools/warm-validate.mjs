// @ts-check
/**
 * `npm ci`'s postinstall: runs `npm run validate`'s command once, its output discarded, so the first run after an
 * install finds its bundle, V8's code cache and the documents' kept checks made (scripts/tools/run-bundled.mjs).
 * What it finds is not the install's business: it always exits 0, and a broken document fails the next
 * `npm run validate` as usual. Plain JavaScript run by Node, not a shell line: npm runs scripts with cmd.exe on Windows.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

spawnSync(process.execPath, [join(import.meta.dirname, 'run-bundled.mjs'), '--script', join(import.meta.dirname, 'validate.ts')], {
  stdio: 'ignore',
});
