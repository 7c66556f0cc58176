/**
 * The review's kept renderings on disk (src/editor/host/review/rendered-cache.ts): read back by key, made once for
 * two askers at once, not kept when the content moved while it was made, bounded (the least recently used dropped
 * first), never kept when made from other content than its key names, and a half-written entry left by a stop is removed at the next start, not read.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderedCache } from '../../src/editor/host/review/rendered-cache';

const KB = 1024;
const folder = () => mkdtempSync(join(tmpdir(), 'review-cache-'));
const cacheIn = (dir: string, maxBytes = 1024 * KB) => renderedCache({ dir, maxBytes, codeKey: 'code', log: () => undefined });
const always = () => Promise.resolve(true);
/** A value made from exactly the content its key names. */
const exactly = <T>(value: T) => Promise.resolve({ value, exact: true });

describe('the review’s kept renderings', () => {
  it('makes a value once per key, for two askers at once too, and reads it back after a restart', async () => {
    const dir = folder();
    let made = 0;
    const make = () => exactly(`page ${++made}`);
    const cache = cacheIn(dir);
    expect(await Promise.all([cache.get(['tree-a', '/story'], make, always), cache.get(['tree-a', '/story'], make, always)])).toEqual([
      'page 1',
      'page 1',
    ]);
    expect(await cacheIn(dir).get(['tree-a', '/story'], make, always)).toBe('page 1');
    expect(await cacheIn(dir).get(['tree-b', '/story'], make, always)).toBe('page 2');
  });

  it('keeps nothing when the content moved while it was made', async () => {
    const cache = cacheIn(folder());
    expect(
      await cache.get(
        ['tree-a'],
        () => exactly('old'),
        () => Promise.resolve(false),
      ),
    ).toBe('old');
    expect(await cache.get(['tree-a'], () => exactly('new'), always)).toBe('new');
  });

  it('keeps nothing made from other content than its key names (the last valid content, while this one has errors)', async () => {
    const cache = cacheIn(folder());
    const lastValid = () => Promise.resolve({ value: 'the last valid content', exact: false });
    expect(await cache.get(['broken-tree'], lastValid, always)).toBe('the last valid content');
    expect(await cache.get(['broken-tree'], () => exactly('the broken content'), always)).toBe('the broken content');
  });

  it('holds at most its bound, dropping the least recently used first, also when uses share a millisecond', async () => {
    // The clock stands still: every use in the same millisecond (a quick machine), as failed once in CI.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const dir = folder();
    const cache = cacheIn(dir, 100 * KB);
    const page = (name: string) => () => exactly(`${name} ${'x'.repeat(20 * KB)}`);
    await cache.get(['first'], page('first'), always);
    for (let i = 0; i < 20; i++) {
      await cache.get([`page ${i}`], page(`page ${i}`), always);
      // The first one read each time: used recently, kept.
      expect(await cache.get(['first'], page('made again'), always)).toMatch(/^first /);
    }
    expect(await cache.bytes()).toBeLessThanOrEqual(100 * KB);
    expect(readdirSync(dir).length).toBeLessThan(6);
    expect(await cache.get(['page 0'], page('made again'), always)).toMatch(/^made again /);
  });

  it('removes a half-written entry at start instead of reading it', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'abc.json.1234.partial'), '{"value": "half');
    expect(await cacheIn(dir).bytes()).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });
});
