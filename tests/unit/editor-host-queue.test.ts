/**
 * The change-set library's queues (src/editor/host/changes/queue.ts): work under one key runs one at a time in the
 * order given, different keys side by side, a failure fails its own call only, a watcher that throws fails nothing,
 * idle keys are forgotten, and the watchers are told what each piece of work said it did.
 */
import { describe, expect, it, vi } from 'vitest';
import { KeyedQueue } from '../../src/editor/host/changes/queue';

/** A promise and the function that settles it, to hold a piece of work open while the test looks. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('KeyedQueue', () => {
  it('runs work under one key one at a time, in the order given', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const first = gate();
    const a = queue.run('set-1', async () => {
      log.push('a starts');
      await first.opened;
      log.push('a ends');
    });
    const b = queue.run('set-1', async () => {
      log.push('b runs');
    });
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log).toEqual(['a starts']);
    first.open();
    await Promise.all([a, b]);
    expect(log).toEqual(['a starts', 'a ends', 'b runs']);
  });

  it('runs different keys side by side', async () => {
    const queue = new KeyedQueue();
    const held = gate();
    const log: string[] = [];
    const a = queue.run('set-1', async () => {
      await held.opened;
      log.push('set-1');
    });
    await queue.run('set-2', async () => {
      log.push('set-2');
    });
    expect(log).toEqual(['set-2']);
    held.open();
    await a;
    expect(log).toEqual(['set-2', 'set-1']);
  });

  it('a failure rejects its own call; the work after it still runs', async () => {
    const queue = new KeyedQueue();
    const failing = queue.run('set-1', () => Promise.reject(new Error('git failed')));
    const next = queue.run('set-1', async () => 'saved');
    await expect(failing).rejects.toThrow('git failed');
    await expect(next).resolves.toBe('saved');
  });

  it('forgets a key once its work is done, and idle() waits for all of it', async () => {
    const queue = new KeyedQueue();
    const held = gate();
    const work = queue.run('set-1', () => held.opened);
    expect(queue.busyKeys).toBe(1);
    const idle = queue.idle();
    held.open();
    await work;
    await idle;
    expect(queue.busyKeys).toBe(0);
  });

  it('a watcher that throws is logged, and the key runs on: the next work, the other watchers, idle()', async () => {
    const queue = new KeyedQueue();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let told = 0;
    queue.afterEach(() => {
      throw new Error('watcher failed');
    });
    queue.afterEach(() => told++);
    try {
      await expect(queue.run('set-1', async () => 'saved')).resolves.toBe('saved');
      await expect(queue.run('set-1', async () => 'saved again')).resolves.toBe('saved again');
      await expect(queue.idle()).resolves.toBeUndefined();
      expect(told).toBe(2);
      expect(queue.busyKeys).toBe(0);
      expect(logged).toHaveBeenCalledTimes(2);
    } finally {
      logged.mockRestore();
    }
  });

  it('tells the watchers what each piece of work said it did, before its caller hears; undefined when it failed or could not say', async () => {
    const queue = new KeyedQueue<string>();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const told: (string | undefined)[] = [];
    queue.afterEach((note) => told.push(note));
    try {
      const saved = await queue.run(
        'set-1',
        async () => 3,
        (commits) => `${commits} commits`,
      );
      told.push(`caller heard ${saved}`);
      await expect(
        queue.run(
          'set-1',
          () => Promise.reject(new Error('git failed')),
          () => 'never said',
        ),
      ).rejects.toThrow('git failed');
      await queue.run('set-2', async () => 'no description');
      await queue.run(
        'set-2',
        async () => 1,
        () => {
          throw new Error('could not say');
        },
      );
      expect(told).toEqual(['3 commits', 'caller heard 3', undefined, undefined, undefined]);
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
    }
  });
});
