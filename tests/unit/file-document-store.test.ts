/** `npm run dev`'s document store (src/editor/server/file-document-store.ts): a write that fails removes nothing. */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { fileDocumentStore } from '../../src/editor/server/file-document-store';

it('writes before it removes: a write that fails leaves the file it would have replaced', async () => {
  const content = mkdtempSync(join(tmpdir(), 'file-store-'));
  mkdirSync(join(content, '_media'));
  writeFileSync(join(content, '_media', 'hero.png'), 'the old picture');
  // Where the new picture goes is taken by a folder: its write fails (at its rename), as on a full disk.
  mkdirSync(join(content, '_media', 'hero.jpg', 'inside'), { recursive: true });
  const store = fileDocumentStore(content);
  // An image replaced by one of another format: the old file removed, the new one written.
  const replaced = store.write(() => ({
    files: { '_media/hero.png': null, '_media/hero.jpg': new Uint8Array([1, 2, 3]) },
    answer: 'done',
  }));
  await expect(replaced).rejects.toThrow();
  expect(existsSync(join(content, '_media', 'hero.png'))).toBe(true);
});
