/** `npm start`: builds dist/ when missing, then serves the whole site on PORT (default 8080). */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from './app';

const root = join(import.meta.dirname, '..');
const distDir = join(root, 'dist');
if (!existsSync(join(distDir, 'index.html'))) {
  console.log('dist/ is missing: building the site first');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const port = Number(process.env.PORT ?? 8080);
const app = await createServer({ distDir, logger: true });
await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' });
