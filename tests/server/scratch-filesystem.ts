/**
 * A filesystem of its own for a test: an ext4 image loop-mounted on a temporary folder, so a test can stall it
 * (`fsfreeze`, as a snapshot or a stalled network volume does) or fill it, without touching the machine's disks.
 * Needs root (CI runs as root); where mounting is refused the test fails saying so, never skips.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './helpers';

export interface ScratchFilesystem {
  /** Where it is mounted. */
  dir: string;
  /** Writes (and fsync) on it block until thaw(); reads go on. */
  freeze(): void;
  thaw(): void;
  /** Thaws if frozen, unmounts and removes the image. */
  remove(): void;
}

function run(command: string, args: string[]) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(
      `${command} ${args.join(' ')} failed (this test needs root and loop mounts): ${stderr.trim() || (error as Error).message}`,
    );
  }
}

export function mountScratchFilesystem(sizeMb: number): ScratchFilesystem {
  const root = tempDir('scratch-fs');
  const image = join(root, 'image.ext4');
  const dir = join(root, 'mnt');
  run('mkdir', [dir]);
  run('truncate', ['-s', `${sizeMb}M`, image]);
  // No reserved blocks: "full" means full for root too.
  run('mkfs.ext4', ['-q', '-F', '-m', '0', image]);
  run('mount', ['-o', 'loop', image, dir]);
  let frozen = false;
  return {
    dir,
    freeze() {
      run('fsfreeze', ['-f', dir]);
      frozen = true;
    },
    thaw() {
      if (!frozen) return;
      run('fsfreeze', ['-u', dir]);
      frozen = false;
    },
    remove() {
      if (frozen) run('fsfreeze', ['-u', dir]);
      frozen = false;
      run('umount', [dir]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Fills the filesystem at `dir` with a file until no byte more fits; returns a function that removes it. */
export function fillUp(dir: string): () => void {
  const file = join(dir, 'filler');
  try {
    execFileSync('dd', ['if=/dev/zero', `of=${file}`, 'bs=64k'], { stdio: 'ignore' });
  } catch {
    // dd stops with "No space left on device": the point.
  }
  return () => rmSync(file, { force: true });
}
