/**
 * The publish tests' workspace (tests/build/publish.test.ts, publish-translation.test.ts): a copy of the real content
 * in a folder of its own (copied in the file's beforeAll, removed in its afterAll), the releases beside it, and what
 * the tests compare: a publish's summary (test-support/publish.ts) and the files `npm run build` writes for the same
 * content.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { publish, type PublishSummary } from './publish';

const ROOT = join(import.meta.dirname, '..');

/** Every file of a folder by path, with its contents (latin1: the bytes as they are). */
export function filesOf(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [relative(dir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name), 'latin1')]),
  );
}

/**
 * `leaveOut`: pages of the real content (`use-cases/upsell-campaigns.json`) not copied, nor their translations: for a
 * test about how publishing works rather than about those pages, since every publish and full build renders each page
 * in each language at least once.
 */
export function usePublishWorkspace(prefix: string, { leaveOut = [] }: { leaveOut?: string[] } = {}) {
  const work = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const content = join(work, 'pages-json');
  const releases = join(work, 'releases');
  beforeAll(() => {
    cpSync(join(ROOT, 'pages-json'), content, { recursive: true });
    const languages = readdirSync(join(content, '_translations')).map((code) => join(content, '_translations', code));
    for (const file of leaveOut) for (const dir of [content, ...languages]) rmSync(join(dir, file), { force: true });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  return {
    work,
    content,
    releases,
    /** Publishes; fails the test with the publish's own output unless it published. */
    published: async (args: string[] = [], env: Record<string, string> = {}): Promise<PublishSummary> => {
      const run = await publish(content, releases, args, env);
      if (!run.summary) throw new Error(`publish exited ${run.status}:\n${run.output}`);
      return run.summary;
    },
    /** `npm run build` of the content as it is now, into a folder of its own: its files (the folder is removed). */
    fullBuild: (): Record<string, string> => {
      const dist = mkdtempSync(join(work, 'full-'));
      const run = spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/build/build.ts'], {
        cwd: ROOT,
        env: { ...process.env, CONTENT_DIR: content, DIST_DIR: dist },
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(`the full build failed:\n${run.stderr}`);
      const built = filesOf(dist);
      rmSync(dist, { recursive: true, force: true });
      return built;
    },
  };
}
