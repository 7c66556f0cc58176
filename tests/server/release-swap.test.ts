/**
 * The public server (server/start.ts, as `npm start` runs it) serving DIST_DIR as a link to a release, while a publish
 * swaps in the next one (scripts/build/publish.ts): clients requesting all along get only 200s, each with the whole
 * page of the old release or of the new one and the Content-Security-Policy of that same release, and the new
 * release's inline-script hashes and not-found page from the swap on, without a restart. Assets a release no longer
 * has are still served from the releases kept beside it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../server/app';
import { publish } from '../../test-support/publish';
import { ROOT, spawnServer, type ServerProcess } from './helpers';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** The script-src sources of an answer's Content-Security-Policy. */
const scriptSources = (csp: string | null) => new Set(/script-src ([^;]*)/.exec(csp ?? '')?.[1].split(' ') ?? []);

/** The inline scripts a page runs (a JSON data block is not run, so CSP does not apply to it). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes) && !/type="application\/json"/.test(attributes))
    .map(([, , body]) => body);

describe('a publish swapping the release a running server serves', () => {
  const work = mkdtempSync(join(tmpdir(), 'release-swap-'));
  const content = join(work, 'pages-json');
  const releases = join(work, 'releases');
  const link = join(releases, 'current');
  let server: ServerProcess;

  beforeAll(async () => {
    cpSync(join(ROOT, 'pages-json'), content, { recursive: true });
    const first = await publish(content, releases);
    if (first.status !== 0) throw new Error(first.output);
    server = await spawnServer({ DIST_DIR: link, LEADS_DB: join(work, 'leads.db') });
  });
  afterAll(() => server?.child.kill('SIGTERM'));

  it('answers every request across the swap with the whole old or the whole new page and its own release’s CSP', async () => {
    const oldRelease = join(releases, readlinkSync(link));
    const oldHome = readFileSync(join(oldRelease, 'index.html'), 'utf8');
    // An FAQ answer is in the home page's JSON-LD, so the new page has an inline script the old CSP does not allow.
    const home = JSON.parse(readFileSync(join(content, 'index.json'), 'utf8'));
    home.blocks.find((block: { type: string }) => block.type === 'FAQ').items[0].answer = 'Yes, and every reply is answered.';
    writeFileSync(join(content, 'index.json'), JSON.stringify(home, null, 2));
    const notFound = JSON.parse(readFileSync(join(content, '404.json'), 'utf8'));
    notFound.blocks[0].message = 'This page was moved or never existed';
    writeFileSync(join(content, '404.json'), JSON.stringify(notFound, null, 2));

    const answers: { status: number; body: string; csp: string | null; after: boolean }[] = [];
    let published = false;
    let stop = false;
    const client = async () => {
      while (!stop) {
        const after = published;
        const response = await fetch(`${server.baseURL}/`);
        answers.push({ status: response.status, body: await response.text(), csp: response.headers.get('content-security-policy'), after });
      }
    };
    const clients = Array.from({ length: 4 }, client);
    const run = await publish(content, releases);
    published = true;
    expect(run.status, run.output).toBe(0);
    // Requests sent from now on must find the new release.
    const after = answers.length;
    while (answers.length < after + 20) await new Promise((resolve) => setTimeout(resolve, 10));
    stop = true;
    await Promise.all(clients);

    const newHome = readFileSync(join(run.summary!.dir, 'index.html'), 'utf8');
    expect(newHome).not.toBe(oldHome);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const which = answers.map((answer) => (answer.body === oldHome ? 'old' : answer.body === newHome ? 'new' : 'torn'));
    expect(which.filter((page) => page === 'torn')).toEqual([]);
    expect(which).toContain('old');
    // A request sent once the publish had finished (not merely answered after it) finds the new release.
    const sentAfter = which.filter((_, index) => answers[index].after);
    expect(sentAfter.length).toBeGreaterThanOrEqual(16);
    expect(sentAfter).toEqual(sentAfter.map(() => 'new'));
    // Each answer's CSP allows each inline script of the page it carries: the new JSON-LD once the new page is served.
    const unallowed = answers.flatMap((answer) =>
      inlineScripts(answer.body)
        .filter((script) => !scriptSources(answer.csp).has(`'sha256-${sha256(script)}'`))
        .map((script) => script.slice(0, 60)),
    );
    expect(unallowed).toEqual([]);
    const newJsonLd = inlineScripts(newHome).filter((script) => !inlineScripts(oldHome).includes(script));
    expect(newJsonLd.length).toBeGreaterThan(0);

    const missing = await fetch(`${server.baseURL}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('This page was moved or never existed');
  });
});

describe('assets of the releases kept beside the one served', () => {
  const releases = mkdtempSync(join(tmpdir(), 'release-assets-'));
  const release = (id: string, files: Record<string, string>, manifest = true) => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(releases, id, file, '..'), { recursive: true });
      writeFileSync(join(releases, id, file), text);
    }
    if (manifest) writeFileSync(join(releases, `${id}.release.json`), '{}');
  };
  let baseURL: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    release('20261101T000000000Z-aaaa', { 'index.html': 'old', 'assets/old-1.js': 'old script', 'assets/both.js': 'old both' });
    // A folder beside without a manifest is not a release: nothing is served from it.
    release('20261102T000000000Z-bbbb', { 'assets/stray.js': 'stray' }, false);
    release('20261103T000000000Z-cccc', { 'index.html': 'new', 'assets/new-1.js': 'new script', 'assets/both.js': 'new both' });
    symlinkSync('20261103T000000000Z-cccc', join(releases, 'current'));
    const app = await createServer({ distDir: join(releases, 'current') });
    baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
  });
  afterAll(() => close?.());

  it('serves an asset only an older release has, as immutable; the served release first; never a folder that is not a release', async () => {
    const get = async (path: string) => {
      const response = await fetch(baseURL + path);
      return { status: response.status, text: await response.text(), cache: response.headers.get('cache-control') };
    };
    expect(await get('/')).toMatchObject({ status: 200, text: 'new' });
    expect(await get('/assets/new-1.js')).toMatchObject({ status: 200, text: 'new script', cache: 'public, max-age=31536000, immutable' });
    expect(await get('/assets/old-1.js')).toMatchObject({ status: 200, text: 'old script', cache: 'public, max-age=31536000, immutable' });
    expect(await get('/assets/both.js')).toMatchObject({ status: 200, text: 'new both' });
    expect((await get('/assets/stray.js')).status).toBe(404);
    // Only assets: an older release's pages are never served.
    release('20261101T000000000Z-aaaa', { 'old-only/index.html': 'old page' });
    expect((await get('/old-only')).status).toBe(404);
  });
});

describe('a link swapped back and forth as fast as a shell can', () => {
  const releases = mkdtempSync(join(tmpdir(), 'release-flips-'));
  // The same file, of two sizes: a size read from one release and bytes from the other would show as a torn page.
  const pages: Record<string, string> = {
    '20261101T000000000Z-aaaa': 'a'.repeat(300_000),
    '20261102T000000000Z-bbbb': 'b'.repeat(200_000),
  };
  let baseURL: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    for (const [id, page] of Object.entries(pages)) {
      mkdirSync(join(releases, id));
      writeFileSync(join(releases, id, 'index.html'), page);
      writeFileSync(join(releases, `${id}.release.json`), '{}');
    }
    symlinkSync(Object.keys(pages)[0], join(releases, 'current'));
    const app = await createServer({ distDir: join(releases, 'current'), limits: { keepAliveTimeoutMs: 60_000 } });
    baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
  });
  afterAll(() => close?.());

  it('answers each request whole from one release', async () => {
    const [a, b] = Object.keys(pages);
    // rename(2) of a new link over the old one (mv -T), as publish.ts swaps, in a loop of its own process.
    const flipping = spawn('bash', [
      '-c',
      `cd ${releases} && while :; do ln -sfn ${b} next && mv -T next current; ln -sfn ${a} next && mv -T next current; done`,
    ]);
    const seen: string[] = [];
    const answer = async () => {
      // A body shorter than its Content-Length would leave the request waiting: a torn answer too.
      const response = await fetch(`${baseURL}/`, { headers: { 'accept-encoding': 'identity' }, signal: AbortSignal.timeout(5000) });
      const body = await response.text();
      return response.status !== 200
        ? `status ${response.status}`
        : body === pages[a]
          ? a
          : body === pages[b]
            ? b
            : `torn (${body.length})`;
    };
    const client = async () => {
      for (let i = 0; i < 150; i++) seen.push(await answer().catch((error: Error) => `failed: ${error.message}`));
    };
    await Promise.all(Array.from({ length: 4 }, client));
    flipping.kill();
    expect(seen.filter((answer) => answer !== a && answer !== b)).toEqual([]);
    // Both were served: the link did flip under the requests.
    expect(new Set(seen)).toEqual(new Set([a, b]));
  });
});
