/**
 * Taking over the folder `npm start` built at the served link's place (release.ts takeOverFolder), with Perl (the
 * atomic exchange of the folder and a link, renameat2 through Perl's `syscall`) and without it (a machine with no
 * Perl on PATH: two renames). Either way the link names a release holding the folder's files, nothing is left beside
 * the link, and the release folder has only the release; the way it went is the same for the caller. And a whole
 * publish (scripts/build/publish.ts) on a machine without Perl takes the folder over and serves its own release,
 * which sorts after the one taken over (releases are ordered by their ids: the next publish builds on the newest).
 */
import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { takeOverFolder } from '../../scripts/build/release';
import { ROOT, tempDir } from '../server/helpers';

const hasPerl = spawnSync('perl', ['-e', 'exit 0']).status === 0;

/** `run` with PATH naming only an empty folder: no Perl to be found. */
function withoutPerl<T>(run: () => T): T {
  const path = process.env.PATH;
  process.env.PATH = tempDir('no-perl-bin');
  try {
    expect(spawnSync('perl', ['-e', 'exit 0']).error).toMatchObject({ code: 'ENOENT' });
    return run();
  } finally {
    process.env.PATH = path;
  }
}

/** A site as `npm start` builds it at the link's place: a folder with a page and an asset. */
function builtFolder() {
  const root = tempDir('take-over');
  const releases = join(root, 'releases');
  const link = join(releases, 'current');
  mkdirSync(join(link, 'assets'), { recursive: true });
  writeFileSync(join(link, 'index.html'), 'built by npm start');
  writeFileSync(join(link, 'assets', 'site.js'), 'console.log(1)');
  return { root, releases, link };
}

function expectTakenOver({ releases, link }: ReturnType<typeof builtFolder>, release: string) {
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  expect(realpathSync(link)).toBe(realpathSync(release));
  expect(readFileSync(join(link, 'index.html'), 'utf8')).toBe('built by npm start');
  expect(readFileSync(join(link, 'assets', 'site.js'), 'utf8')).toBe('console.log(1)');
  // Only the link, the release and its marker: no `.next-`, `.taken-over-` or `.partial-` left.
  const id = release.slice(releases.length + 1);
  expect(readdirSync(releases).sort()).toEqual(['current', id, `${id}.release.json`].sort());
}

describe('takeOverFolder', () => {
  test.skipIf(!hasPerl)('exchanges the folder and a link atomically with Perl', () => {
    const site = builtFolder();
    expectTakenOver(site, takeOverFolder(site.link, site.releases));
  });

  test('renames twice without Perl, to the same end', () => {
    const site = builtFolder();
    expectTakenOver(
      site,
      withoutPerl(() => takeOverFolder(site.link, site.releases)),
    );
  });
});

test('a publish on a machine without Perl takes the folder over and serves its own, newer release', async () => {
  const site = builtFolder();
  // Only git on PATH (node is run by its path).
  const bin = join(site.root, 'bin');
  mkdirSync(bin);
  symlinkSync(spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim(), join(bin, 'git'));
  const child = spawn(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/build/publish.ts', '--json'], {
    cwd: ROOT,
    env: { ...process.env, PATH: bin, RELEASES_DIR: site.releases, SITE_LINK: '' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((done) => child.on('close', done));
  expect(status, output).toBe(0);
  expect(output).toContain(`${site.link} was a folder: moved into the release`);
  const releases = readdirSync(site.releases)
    .filter((name) => /^\d{8}T/.test(name) && !name.endsWith('.json'))
    .sort();
  expect(releases).toHaveLength(2);
  const [takenOver, published] = releases;
  expect(readFileSync(join(site.releases, takenOver, 'index.html'), 'utf8')).toBe('built by npm start');
  expect(readlinkSync(site.link)).toBe(published);
  expect(readFileSync(join(site.link, 'index.html'), 'utf8')).not.toBe('built by npm start');
}, 600_000);
