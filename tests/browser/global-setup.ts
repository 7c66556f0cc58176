/** Browser tests run against dist/: build it when it is missing (npm test builds it first anyway). */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR } from './harness';

export default function setup() {
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    execFileSync('npm', ['run', 'build'], { cwd: join(import.meta.dirname, '..', '..'), stdio: 'inherit' });
  }
}
