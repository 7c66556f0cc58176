/**
 * The small site of synthetic-site.ts's `storySite` (the real story page among six synthetic ones, English only) in a
 * temporary folder of one test file, removed after its tests: for the hosted editor's browser tests that change only
 * the story page. Every save and publish validates the whole site, a publish with releases builds it and so does the
 * editor's start: with the real site (160 pages in 5 languages) that was most of such a file's time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { storySite } from './synthetic-site';

export function storySiteForThisFile(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), `${prefix}-site-`));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return storySite(6, folder);
}
