/**
 * Publishing (scripts/build/publish.ts) on a copy of the real content (without most of its industry, comparison and
 * use-case pages: below), as the editor's server runs it: each release is byte for byte the folder `npm run build`
 * writes for the same content, whether it was built whole or from the release before; a change re-renders the pages
 * whose render reads it and no other (one page: that page in each language; a use case's record: the pages that list
 * use cases; the site configuration: every page); other code builds whole; a content error publishes nothing. The
 * steps build on each other, in order: each publishes over the one before.
 */
import { mkdirSync, lstatSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publish, type PublishSummary } from '../../test-support/publish';
import { filesOf as files, usePublishWorkspace } from '../../test-support/publish-workspace';

/**
 * Left out of the copy: what the steps below need is all still there (the home page lists the use cases and quotes the
 * plans, comparison pages show the plans, a use case on its template, every page in three languages, what the pages
 * kept link to), and the file's ten publishes and six full builds each check (the whole ones render) 51 pages, not 96.
 */
const LEFT_OUT = [
  ...['financial-services', 'healthcare', 'insurance', 'others'].map((name) => `solutions/${name}.json`),
  ...['ai-sdr-tools', 'ai-voice-agents', 'communications-api', 'ecommerce-email'].map((name) => `compare/reachwell-vs-${name}.json`),
  ...[
    'cross-sell-campaigns',
    'customer-retention',
    'lead-nurturing',
    'loyalty-engagement',
    'renewal-reminders',
    'upsell-campaigns',
    'win-back-campaigns',
  ].map((name) => `use-cases/${name}.json`),
];
const PAGES = 51;

const { work, content, releases, published, fullBuild } = usePublishWorkspace('publish', { leaveOut: LEFT_OUT });
const link = join(releases, 'current');

/** Sets the value at `path` of a content document to what `to` makes of the value there. */
function edit(file: string, path: (string | number)[], to: (value: unknown) => unknown) {
  const doc: unknown = JSON.parse(readFileSync(join(content, file), 'utf8'));
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], doc) as Record<
    string | number,
    unknown
  >;
  parent[path.at(-1)!] = to(parent[path.at(-1)!]);
  writeFileSync(join(content, file), JSON.stringify(doc, null, 2));
}

const inEachLanguage = (...files: string[]) => ['en', 'es', 'de'].flatMap((code) => files.map((file) => `${code}:${file}`)).sort();
const served = () => join(releases, readlinkSync(link));

describe('publishing releases', () => {
  let first: PublishSummary;

  it('builds the first release whole, serves it through the link, and writes what npm run build writes', async () => {
    first = await published();
    expect(first).toMatchObject({ mode: 'full', reason: 'no release served yet', pages: PAGES, rerendered: PAGES });
    expect(served()).toBe(first.dir);
    expect(files(first.dir)).toEqual(fullBuild());
  });

  it('re-renders one changed page in each language, takes every other file from the release before, and leaves that one as it was', async () => {
    const before = files(first.dir);
    edit('story.json', ['blocks', 0, 'heading'], () => 'A heading changed for the publish test');
    const next = await published();
    expect(next).toMatchObject({ mode: 'incremental', pages: PAGES, rerendered: 3, reused: PAGES - 3 });
    expect(next.rerenderedPages.sort()).toEqual(inEachLanguage('story.json'));
    expect(served()).toBe(next.dir);
    const release = files(next.dir);
    expect(release['story/index.html']).toContain('A heading changed for the publish test');
    expect(release).toEqual(fullBuild());
    // Unchanged files are links to the same data: the release before is untouched (writing through a link would not be).
    expect(files(first.dir)).toEqual(before);
  });

  it("draws a changed title's new social card into the release and leaves the old card out", async () => {
    const cardOf = (html: string) => /<meta property="og:image" content="https:\/\/[^/]+\/(social\/[0-9a-f]+\.png)" \/>/.exec(html)?.[1];
    const before = files(served());
    const oldCard = cardOf(before['terms/index.html'])!;
    expect(before[oldCard]).toBeDefined();
    edit('terms.json', ['meta', 'title'], () => 'Terms of Use | Reachwell');
    const next = await published();
    expect(next.mode).toBe('incremental');
    const release = files(next.dir);
    const newCard = cardOf(release['terms/index.html'])!;
    expect(newCard).not.toBe(oldCard);
    expect(release[newCard]).toBeDefined();
    expect(release[oldCard]).toBeUndefined();
    // Every other page's card is in the release, as a full build has it.
    expect(release).toEqual(fullBuild());
  });

  it("re-renders a use case's page and the pages that list the use cases when its record changes", async () => {
    edit('use-cases/collections.json', ['useCase', 'impact'], () => 'Every message reviewed for compliance');
    const next = await published();
    // The home page's strip of use cases and the library show the record; the page itself does not show that field.
    expect(next.rerenderedPages.sort()).toEqual(inEachLanguage('index.json', 'use-cases/index.json'));
    expect(files(next.dir)).toEqual(fullBuild());
  });

  it("re-renders the pages that show the plans when a plan's price changes", async () => {
    edit('_collections/plans.json', ['items', 1, 'price', 'amount'], (amount) => Number(amount) + 1);
    const next = await published();
    const comparisons = readdirSync(join(content, 'compare')).map((file) => `compare/${file}`);
    expect(next.rerenderedPages.sort()).toEqual(inEachLanguage('index.json', ...comparisons));
    expect(files(next.dir)).toEqual(fullBuild());
  });

  let configChanged: Record<string, string>;

  it('re-renders every page when the site configuration changes', async () => {
    edit('_site.json', ['contact', 'phoneDisplay'], (phone) => `${String(phone)} (24/7)`);
    const next = await published();
    expect(next).toMatchObject({ mode: 'incremental', pages: PAGES, rerendered: PAGES, reused: 0 });
    configChanged = files(next.dir);
    expect(configChanged).toEqual(fullBuild());
  });

  it('builds whole when the code is not the code of the release served', async () => {
    // As if the release served had been built by other code: its manifest names another bundles' key.
    const manifest = `${served()}.release.json`;
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), code: 'other-code' }));
    const next = await published();
    expect(next).toMatchObject({ mode: 'full', reason: 'the code changed', rerendered: PAGES });
    expect(files(next.dir)).toEqual(configChanged); // the same content as the step before
  });

  it('builds whole when the bundles of this code are no longer kept, and re-renders nothing when nothing changed', async () => {
    edit('terms.json', ['meta', 'description'], (description) => `${String(description).slice(0, 100)} Updated.`);
    const evicted = await published([], { BUNDLE_CACHE: 'off' });
    expect(evicted).toMatchObject({ mode: 'full', reason: 'the prerender bundle of this code is no longer kept' });
    const unchanged = await published();
    expect(unchanged).toMatchObject({ mode: 'incremental', rerendered: 0, reused: PAGES });
    expect(files(unchanged.dir)).toEqual(files(evicted.dir));
  });

  it('keeps the newest three releases (with their manifests) and the link, and removes the others', () => {
    const names = readdirSync(releases).filter((name) => !name.startsWith('.'));
    expect(names.filter((name) => name.endsWith('.release.json'))).toHaveLength(3);
    expect(names.filter((name) => /^\d{8}T/.test(name) && !name.endsWith('.json'))).toHaveLength(3);
    expect(names).toContain('current');
  });

  it('publishes nothing when the content has an error: exit 1, the error printed, the link as it was', async () => {
    const before = served();
    const terms = readFileSync(join(content, 'terms.json'), 'utf8');
    edit('terms.json', ['blocks', 0, 'heading'], () => 'TODO: write the heading');
    const run = await publish(content, releases);
    writeFileSync(join(content, 'terms.json'), terms);
    expect(run.status, run.output).toBe(1);
    expect(run.output).toContain('placeholder text to replace: "TODO: write the heading"');
    expect(served()).toBe(before);
    expect(readdirSync(releases).filter((name) => name.startsWith('.partial-'))).toEqual([]);
  });

  it('says what is wrong with its settings (exit 2), takes over a folder at the link, and refuses to run beside another publish (exit 3)', async () => {
    const noReleases = await publish(content, '');
    expect(noReleases.status).toBe(2);
    expect(noReleases.output).toContain('RELEASES_DIR must name the folder releases are written to');
    // A folder at the link's place (what `npm start` built before anything was published) becomes a release of
    // its own, and the link takes its place (docs/editor-server.md, "The site on this machine: releases").
    const folder = join(work, 'a-folder');
    mkdirSync(folder);
    writeFileSync(join(folder, 'index.html'), 'built by npm start');
    const takenOver = await publish(content, releases, [], { SITE_LINK: folder });
    expect(takenOver.status, takenOver.output).toBe(0);
    expect(takenOver.output).toContain(`${folder} was a folder: moved into the release`);
    expect(lstatSync(folder).isSymbolicLink()).toBe(true);
    // A lock held by a running process (this one).
    mkdirSync(join(releases, '.publish.lock'));
    writeFileSync(join(releases, '.publish.lock', 'pid'), String(process.pid));
    const busy = await publish(content, releases);
    expect(busy.status).toBe(3);
    expect(busy.output).toContain('another publish is running');
  });
});
