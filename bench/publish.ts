/**
 * `npm run bench:publish`: from "publish starts" to "the change is served by a running public server", for the real
 * site (32 routes in 3 languages) and the synthetic 1,000-page site of bench:build. The public server is the real one
 * (server/start.ts, as `npm start` runs it) serving the release link; after each change a publish is started
 * (scripts/build/publish.ts, a child process, as the editor's server runs it) and the page is fetched every 20 ms
 * until the new text is in it. Timed: (a) a one-page change (median of 3), (b) a site-configuration change
 * (every page rendered again); beside them a full build (`npm run build`, bundles kept) and a publish --full.
 * Target (issue 46): a one-page change on the 1,000-page site served within 5 s of Publish.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_DIR, ROOT_DIR } from '../src/engine/load/content-env';
import { publish, type PublishSummary } from '../test-support/publish';
import { syntheticSite } from '../test-support/synthetic-site';
import { startServer } from './lead-server';

const BENCH_DIR = join(ROOT_DIR, '.bench', 'publish');

interface Site {
  name: string;
  content: string;
  /** A page's file, the route it is served at, and a change to it that puts `marker` on it. */
  page: { file: string; route: string; change: (doc: Record<string, unknown>, marker: string) => void };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function editJson(path: string, change: (doc: Record<string, unknown>) => void) {
  const doc = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  change(doc);
  writeFileSync(path, JSON.stringify(doc, null, 2));
}

/** The first block's heading (a Hero on both sites' pages). */
const setHeading = (doc: Record<string, unknown>, marker: string) => {
  (doc.blocks as { heading?: string }[])[0].heading = `Heading ${marker}`;
};

function fullBuild(content: string, dist: string): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/build/build.ts'], {
    cwd: ROOT_DIR,
    env: { ...process.env, CONTENT_DIR: content, DIST_DIR: dist },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`npm run build failed:\n${run.stderr}`);
  return performance.now() - started;
}

async function published(content: string, releases: string, args: string[] = []): Promise<PublishSummary> {
  const run = await publish(content, releases, args);
  if (!run.summary) throw new Error(`publish exited ${run.status}:\n${run.output}`);
  return run.summary;
}

/** Publishes and fetches `route` every 20 ms until it has `marker`: the time from the publish's start, and its summary. */
async function publishUntilServed(base: string, route: string, marker: string, content: string, releases: string) {
  const started = performance.now();
  const run = published(content, releases);
  let servedAt: number | undefined;
  while (servedAt === undefined) {
    const html = await (await fetch(base + route)).text();
    if (html.includes(marker)) servedAt = performance.now();
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const summary = await run;
  return { servedMs: servedAt - started, summary };
}

async function benchSite(site: Site) {
  const work = join(BENCH_DIR, site.name.replace(/\W+/g, '-'));
  const releases = join(work, 'releases');
  rmSync(releases, { recursive: true, force: true });
  const fullMs = fullBuild(site.content, join(work, 'dist'));
  const first = await published(site.content, releases);
  const fullPublish = await published(site.content, releases, ['--full']);
  const { server, exited, base } = await startServer(join(releases, 'current'), { LEADS_DB: join(work, 'leads.db') });
  try {
    const onePage = [];
    for (let i = 1; i <= 3; i++) {
      const marker = `changed-${Date.now()}-${i}`;
      editJson(join(site.content, site.page.file), (doc) => site.page.change(doc, marker));
      onePage.push(await publishUntilServed(base, site.page.route, marker, site.content, releases));
    }
    // A site-wide figure every page shows (the footer's phone number): every page is rendered again.
    const marker = `ext. ${Date.now() % 100000}`;
    editJson(join(site.content, '_site.json'), (doc) => {
      const contact = doc.contact as { phoneDisplay: string };
      contact.phoneDisplay = `${contact.phoneDisplay.replace(/ \(ext\. \d+\)$/, '')} (${marker})`;
    });
    const config = await publishUntilServed(base, site.page.route, marker, site.content, releases);
    return { first, fullMs, fullPublish, onePage, config };
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

const real: Site = {
  name: 'real site',
  content: join(BENCH_DIR, 'real', 'pages-json'),
  page: { file: 'story.json', route: '/story', change: setHeading },
};
rmSync(join(BENCH_DIR, 'real'), { recursive: true, force: true });
cpSync(CONTENT_DIR, real.content, { recursive: true });
const synthetic: Site = {
  name: 'synthetic 1000',
  content: syntheticSite(1000, join(BENCH_DIR, 'synthetic')),
  page: { file: 'library/page-7.json', route: '/library/page-7', change: setHeading },
};

const rows: string[][] = [];
for (const site of [real, synthetic]) {
  const { first, fullMs, fullPublish, onePage, config } = await benchSite(site);
  const one = onePage.map((run) => run.servedMs);
  const oneSummary = onePage[onePage.length - 1].summary;
  rows.push([
    site.name,
    String(first.pages),
    s(fullMs),
    s(fullPublish.seconds.total * 1000),
    `${s(median(one))} (${one.map((ms) => (ms / 1000).toFixed(2)).join(', ')})`,
    `${oneSummary.rerendered}/${oneSummary.pages}`,
    `${s(oneSummary.seconds.validate * 1000)} + ${s(oneSummary.seconds.build * 1000)}`,
    s(config.servedMs),
    `${config.summary.rerendered}/${config.summary.pages}`,
  ]);
  console.error(`${site.name}: done`);
}

const header = [
  'site',
  'pages',
  'npm run build',
  'publish --full',
  'one page: served after (median; runs)',
  'rendered',
  'validate + build',
  'site config: served after',
  'rendered',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(
  'served after: from the publish process starting to the running server answering the page with the change in it; ' +
    'validate + build: inside the publish process (the rest is its start, the swap and old releases removed).',
);
console.log('target (issue 46): a one-page change on the 1,000-page site served within 5 s of Publish');
