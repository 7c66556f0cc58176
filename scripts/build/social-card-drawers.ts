/**
 * Social cards drawn on every core: a cold build draws 150-odd cards (about half a second each: satori's layout,
 * resvg's raster, sharp's palette), which one thread did one after another. Here a pool of worker threads
 * (social-card-worker.mjs), one per core and never more than there are cards, takes the cards from one queue, so a
 * slow card holds up only its own thread. Each thread loads its packages once (a few tenths of a second), so the pool
 * is started only when some card is missing, and stopped when they are drawn.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ROOT_DIR } from '../../src/engine/load/content-env';
import { SOCIAL_CARD_SIZE } from '../../src/render/social-image';
import type { CardFont } from './social-card-template';

const WORKER_FILE = join(ROOT_DIR, 'scripts', 'build', 'social-card-worker.mjs');

type Answer = { id: number; png: Uint8Array } | { id: number; error: string };

/**
 * Draws each tree (social-card-template.ts's `cardTree`) and calls `drawn` with its PNG as soon as it is done (the
 * caller stores it while the others are drawn); resolves when every card is drawn and the threads have stopped.
 * A card that cannot be drawn rejects, with the drawing thread's error.
 */
export async function drawCardsInParallel(
  trees: readonly unknown[],
  fonts: readonly CardFont[],
  drawn: (index: number, png: Buffer) => void,
): Promise<void> {
  if (!trees.length) return;
  // SOCIAL_CARD_THREADS=1 draws on one thread (to compare; the cards are the same bytes).
  const threads = Math.min(Number(process.env.SOCIAL_CARD_THREADS) || availableParallelism(), trees.length);
  const workerData = { size: SOCIAL_CARD_SIZE, fonts: fonts.map(({ name, data, weight, style }) => ({ name, data, weight, style })) };
  let next = 0;
  const workers: Worker[] = [];
  try {
    await Promise.all(
      Array.from({ length: threads }, () => {
        const worker = new Worker(WORKER_FILE, { workerData });
        workers.push(worker);
        return new Promise<void>((resolve, reject) => {
          const sendNext = () => {
            if (next >= trees.length) return resolve();
            const id = next++;
            worker.postMessage({ id, tree: trees[id] });
          };
          worker.on('message', (answer: Answer) => {
            if ('error' in answer) return reject(new Error(`a social card could not be drawn: ${answer.error}`));
            try {
              drawn(answer.id, Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength));
            } catch (error) {
              return reject(error as Error);
            }
            sendNext();
          });
          worker.on('error', reject);
          worker.on('exit', (code) => reject(new Error(`a social card thread stopped (exit code ${code}) before its cards were drawn`)));
          sendNext();
        });
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
