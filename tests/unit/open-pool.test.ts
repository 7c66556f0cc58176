/**
 * The editor's pool of open change sets (src/editor/host/open-pool.ts) on its own, with a clock the test moves: at
 * most `limit` open, the least recently used closed first, one unused for the idle time closed, one in use (a save in
 * flight) never closed, nor taken from under a request when closed on purpose (then closed when it ends), and a
 * failed open forgotten so the next use tries again.
 */
import { describe, expect, test } from 'vitest';
import { createOpenPool } from '../../src/editor/host/open-pool';

function poolWithClock(limit: number, idleMs = 60_000) {
  let time = 0;
  const closed: string[] = [];
  const opened: string[] = [];
  const pool = createOpenPool<string>({ limit, idleMs, now: () => time, onClose: (key) => closed.push(key) });
  const open = (key: string) => async () => {
    opened.push(key);
    return `content of ${key}`;
  };
  const use = (key: string) => pool.use(key, open(key), (value) => value);
  /** Lets the pool's close callbacks (after each value settles) run. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { pool, use, open, closed, opened, settle, advance: (ms: number) => (time += ms) };
}

describe('a pool of open change sets', () => {
  test('keeps at most the limit open, closing the least recently used first', async () => {
    const { pool, use, closed, settle } = poolWithClock(2);
    await use('a');
    await use('b');
    await use('a');
    await use('c');
    expect(pool.keys()).toEqual(['a', 'c']);
    await settle();
    expect(closed).toEqual(['b']);
  });

  test('opens a closed one again on its next use, and an open one only once', async () => {
    const { use, opened } = poolWithClock(1);
    expect(await use('a')).toBe('content of a');
    await use('a');
    await use('b');
    expect(await use('a')).toBe('content of a');
    expect(opened).toEqual(['a', 'b', 'a']);
  });

  test('closes one unused for the idle time, on the next use or a sweep', async () => {
    const { pool, use, advance } = poolWithClock(10, 60_000);
    await use('a');
    advance(30_000);
    await use('b');
    advance(30_000);
    pool.sweep();
    expect(pool.keys()).toEqual(['b']);
    advance(60_000);
    pool.sweep();
    expect(pool.keys()).toEqual([]);
  });

  test('never closes one in use (a save in flight): over the limit meanwhile, back to it afterwards', async () => {
    const { pool, open, advance } = poolWithClock(1, 1000);
    let finishSave!: () => void;
    const saving = pool.use('a', open('a'), () => new Promise<void>((resolve) => (finishSave = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    await pool.use('b', open('b'), () => undefined);
    advance(5000);
    pool.sweep();
    expect(pool.keys()).toEqual(['a']);
    // While it is saving, another one opens beside it (over the limit), and is closed once done with.
    expect(await pool.use('c', open('c'), () => pool.keys())).toEqual(['a', 'c']);
    expect(pool.keys()).toEqual(['a']);
    finishSave();
    await saving;
    // Done, it is the one used last: it stays, within the limit, until it is idle.
    expect(pool.keys()).toEqual(['a']);
    advance(1000);
    pool.sweep();
    expect(pool.keys()).toEqual([]);
  });

  test('forgets a failed open, so the next use tries again', async () => {
    const { pool } = poolWithClock(2);
    let attempts = 0;
    const flaky = async () => {
      attempts++;
      if (attempts === 1) throw new Error('no such change set');
      return 'content';
    };
    await expect(pool.use('a', flaky, (value) => value)).rejects.toThrow('no such change set');
    expect(pool.keys()).toEqual([]);
    expect(await pool.use('a', flaky, (value) => value)).toBe('content');
  });

  test('closed on purpose while a request runs on it (its change set published): closed when that request ends', async () => {
    const { pool, open, closed, opened, settle } = poolWithClock(4);
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const request = pool.use('a', open('a'), async (value) => {
      started();
      await finished;
      return value;
    });
    await running;
    pool.close('a');
    await settle();
    expect(closed).toEqual([]);
    // Another request meanwhile runs on the same one, not on one opened again beside it.
    expect(await pool.use('a', open('a'), (value) => value)).toBe('content of a');
    expect(opened).toEqual(['a']);
    finish();
    expect(await request).toBe('content of a');
    await settle();
    expect(closed).toEqual(['a']);
    expect(pool.keys()).toEqual([]);
  });
});
