/**
 * The marketer's loop in `npm run dev`, in Chromium: saving a page, the site configuration, a
 * collection or a template updates the open page in place (no reload, scroll kept) and starts it again,
 * its plain scripts as well as its islands (src/page-start.ts); a mistake shows
 * the problem, worded as `npm run validate` prints it, over the last good page; fixing it brings the
 * page back. Also: no console warnings on a correct page, and the block gallery lists every block.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../../src/engine/load/page-schema';
import { ICON_NAMES } from '../../src/vocabulary/icon-names';
import { CONTENT_STATE_PATH, type ContentMessage } from '../../src/dev/live-preview-protocol';
import { copyOfContent, startDevServer, type DevServer } from '../../test-support/dev-server';
import { launchBrowser, newPage, recordConsole, waitForHydration, waitForIsland } from '../../test-support/browser';

let browser: Browser;
let dev: DevServer;
let content: string;

beforeAll(async () => {
  content = copyOfContent();
  [browser, dev] = await Promise.all([launchBrowser(), startDevServer(content)]);
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
});

/** Each file a test changed, as it was before: put back after the test, passed or failed, so no failure cascades. */
const originals = new Map<string, string>();

/** The dev server's content message: its version goes up on each reload of pages-json/. */
const contentState = async (): Promise<ContentMessage> => (await fetch(dev.baseURL + CONTENT_STATE_PATH)).json();

// What the dev server logged is the first thing to read when one of these fails. The next test starts once the dev
// server has read the files put back, so that it never opens a page of this test's content.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') console.error(`dev server output:\n${dev.output().slice(-4000)}`);
  const changed = [...originals].filter(([file, text]) => read(file) !== text);
  originals.clear();
  if (!changed.length) return;
  const before = (await contentState()).version;
  for (const [file, text] of changed) writeFileSync(join(content, file), text);
  await expect
    .poll(async () => {
      const { version, errors } = await contentState();
      return version > before && errors.length === 0;
    })
    .toBe(true);
});

/** Spec: the exit dialog opens 10 minutes after load. */
const EXIT_DELAY_MS = 600_000;
/** The story page's main heading. */
const HEADING = 'Restoring humanity to communication';
const read = (file: string) => readFileSync(join(content, file), 'utf8');
const write = (file: string, text: string) => {
  if (!originals.has(file)) originals.set(file, read(file));
  writeFileSync(join(content, file), text);
};

/** Edits a JSON file as a marketer would: change the text, save. */
function edit(file: string, from: string, to: string) {
  const text = read(file);
  expect(text).toContain(from);
  write(file, text.replace(from, to));
}

/** Opens a route, waits until it is interactive, and marks the document so a reload would show. */
async function open(route: string): Promise<Page> {
  const { page } = await newPage(browser);
  await page.goto(dev.baseURL + route);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  return page;
}

const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
const overlay = (page: Page) => page.locator('#reachwell-content-problems-panel').locator('section[role="alert"]');
const overlayText = async (page: Page) => ((await overlay(page).count()) ? await overlay(page).innerText() : '');

describe('live preview in npm run dev', () => {
  it('shows a saved page edit in place, without a reload and at the same scroll position', async () => {
    const page = await open('/story');
    await page.mouse.wheel(0, 900);
    await page.waitForFunction(() => window.scrollY >= 800);
    const scrolled = await page.evaluate(() => window.scrollY);

    edit('story.json', 'Why we exist', 'Why we exist today');
    await expect.poll(() => page.getByRole('heading', { name: 'Why we exist today' }).count()).toBe(1);
    expect(await sameDocument(page)).toBe(true);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(5);
    await waitForHydration(page); // islands run again on the new HTML
    await page.close();
  });

  it('catches up with a save whose message went out while the page was still loading its live-preview script', async () => {
    const { page } = await newPage(browser);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/src/dev/live-preview.ts',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(dev.baseURL + '/story', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: HEADING }).waitFor();
    // A page that has loaded sees the save: its message has gone out, before the first page could listen for it.
    const loaded = await open('/story');
    edit('story.json', 'Why we exist', 'Why we exist, caught up');
    await loaded.getByRole('heading', { name: 'Why we exist, caught up' }).waitFor();
    release();
    await page.getByRole('heading', { name: 'Why we exist, caught up' }).waitFor();
    await waitForHydration(page);
    await Promise.all([page.close(), loaded.close()]);
  });

  it('ends on what was saved when a save is read half-written (the file emptied, then written)', async () => {
    const page = await open('/story');
    const good = read('story.json');
    for (const version of [1, 2, 3, 4, 5]) {
      // An editor's save as the file system sees it: truncate, then write. The watcher (chokidar) drops a
      // second change to a file within 50 ms of the first, so the server may only hear of the empty file.
      write('story.json', '');
      await delay(40); // a save held up between its two steps, as on a busy machine
      write('story.json', good.replace(HEADING, `${HEADING} (${version})`));
      await page.getByRole('heading', { level: 1, name: `${HEADING} (${version})` }).waitFor();
      await overlay(page).waitFor({ state: 'detached' });
    }
    write('story.json', good);
    await page.getByRole('heading', { level: 1, name: HEADING, exact: true }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });

  it('keeps updating after an update whose page could not be fetched', async () => {
    const page = await open('/story');
    let failed = 0;
    await page.route(
      (url) => url.pathname === '/story',
      (route) => (route.request().resourceType() === 'fetch' && ++failed === 1 ? route.abort() : route.continue()),
    );
    const good = read('story.json');
    write('story.json', good.replace(HEADING, `${HEADING} (lost)`));
    await expect.poll(() => failed).toBe(1);
    write('story.json', good.replace(HEADING, `${HEADING} (kept)`));
    await page.getByRole('heading', { level: 1, name: `${HEADING} (kept)` }).waitFor();
    write('story.json', good);
    await page.getByRole('heading', { level: 1, name: HEADING, exact: true }).waitFor();
    await page.close();
  });

  it('names the file, block and field of a mistake over the last good page, and brings the page back when fixed', async () => {
    const page = await open('/story');
    const good = read('story.json');

    edit('story.json', '"heading": "Restoring humanity to communication"', '"heading": 42');
    // Waits for the message itself: a save can be seen half-written first (the next test covers that).
    await expect.poll(() => overlayText(page)).toContain('blocks[0] (Hero) heading');
    const text = await overlayText(page);
    expect(text).toContain('pages-json/story.json');
    expect(text).toContain('expected a string, got a number');
    expect(text).not.toMatch(/\n\s+at /); // no stack trace
    await page.getByRole('heading', { level: 1, name: 'Restoring humanity to communication' }).waitFor(); // not blank
    expect(await sameDocument(page)).toBe(true);

    write('story.json', good.slice(0, good.length / 2)); // a truncated file
    await expect.poll(() => overlayText(page)).toContain('the file ends while');
    await expect.poll(() => overlayText(page)).toContain('pages-json/story.json: line');

    write('story.json', good);
    await overlay(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Restoring humanity to communication' }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });

  it('lists the TODO text a page still has beside the page, and clears it once written', async () => {
    const good = read('story.json');
    write('story.json', good.replace(HEADING, 'TODO: the headline'));
    const { page } = await newPage(browser);
    await page.goto(dev.baseURL + '/story');
    const todo = page.locator('#reachwell-content-problems-panel').locator('section[role="status"]');
    await expect.poll(() => todo.count()).toBe(1);
    const text = await todo.innerText();
    expect(text).toContain('One thing to write before this page can be published');
    expect(text).toContain('pages-json/story.json: blocks[0] (Hero) heading');
    expect(text).toContain('placeholder text to replace: "TODO: the headline"');
    expect(await page.getByRole('heading', { level: 1, name: 'TODO: the headline' }).count()).toBe(1); // the page previews
    write('story.json', good);
    await page.getByRole('heading', { level: 1, name: HEADING, exact: true }).waitFor();
    await todo.waitFor({ state: 'detached' });
    await page.close();
  });

  it('shows a problem on a page opened while the content is broken, then the page once fixed', async () => {
    const good = read('story.json');
    edit('story.json', '"type": "Prose"', '"type": "Prose2"');
    const { page } = await newPage(browser);
    await page.goto(dev.baseURL + '/story');
    await expect.poll(() => overlayText(page)).toContain('unknown block type "Prose2"');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Restoring humanity to communication'); // the last good page
    write('story.json', good);
    await overlay(page).waitFor({ state: 'detached' });
    await page.close();
  });

  it('updates the open page when the site configuration, a collection or a template is saved', async () => {
    const home = await open('/');
    const log = recordConsole(home);
    edit('_site.json', 'New: AI voice agents now call in 50+ languages.', 'New: voice agents in every time zone.');
    await home.getByText('New: voice agents in every time zone.').waitFor();
    expect(await sameDocument(home)).toBe(true);
    // The banner is an island: it hydrates (on the visitor's first input) with the site data as saved, so it keeps the
    // new text, without a mismatch.
    await waitForHydration(home);
    await home.keyboard.press('Shift');
    await waitForIsland(home, 'PromoBanner');
    expect(await home.getByText('New: voice agents in every time zone.').count()).toBe(1);
    expect(log.errors).toEqual([]);
    await home.close();

    const library = await open('/use-cases');
    edit('_collections/use-cases.json', '"title": "Webinar Follow-Up"', '"title": "Webinar Follow-Through"');
    await library.getByRole('heading', { name: 'Webinar Follow-Through' }).waitFor();
    expect(await sameDocument(library)).toBe(true);
    await library.close();

    const useCase = await open('/use-cases/upsell-campaigns');
    edit('_templates/use-case.json', '"heading": "Get Started Today"', '"heading": "Start Today"');
    await useCase.getByRole('heading', { name: 'Start Today', exact: true }).waitFor();
    expect(await sameDocument(useCase)).toBe(true);
    await useCase.close();
  });

  it('starts the page again after a save, its plain scripts too: the exit dialog a save added opens on time, and stays open across the next save until closed', async () => {
    const { page } = await newPage(browser);
    // A paused fake clock: the dialog's timer counts from the page's load, whichever HTML the page holds by then.
    await page.clock.install({ time: new Date('2025-06-02T09:00:00Z') });
    await page.clock.pauseAt(new Date('2025-06-02T09:00:01Z'));
    await page.goto(dev.baseURL + '/story');
    await waitForHydration(page);
    expect(await page.locator('[data-island="ExitDialog"]').count()).toBe(0);
    const story = JSON.parse(read('story.json')) as { blocks: object[] };
    write('story.json', JSON.stringify({ ...story, blocks: [...story.blocks, { type: 'ExitDialog' }] }, null, 2));
    await page.locator('[data-island="ExitDialog"]').waitFor({ state: 'attached' });
    const site = JSON.parse(read('_site.json')) as { brand: { agentName: string }; exitDialog: { title: string; closeLabel: string } };
    await page.clock.fastForward(EXIT_DELAY_MS);
    await page.clock.resume(); // the dialog's transition runs on timers of its own
    const dialog = page.getByRole('dialog', { name: site.exitDialog.title.replace('{agent}', site.brand.agentName) });
    await dialog.waitFor();
    // Saved again while it is open (its words, say): the page is rendered anew under it, and it stays open.
    const withDialog = JSON.parse(read('story.json')) as { blocks: { heading?: string }[] };
    withDialog.blocks[0].heading = 'Our story, saved with the dialog open';
    write('story.json', JSON.stringify(withDialog, null, 2));
    await page.getByRole('heading', { name: 'Our story, saved with the dialog open' }).waitFor({ state: 'attached' });
    await dialog.waitFor();
    // Closed, it stays closed through the next save: shown once in the document.
    await dialog.getByRole('button', { name: site.exitDialog.closeLabel }).click();
    await dialog.waitFor({ state: 'detached' });
    withDialog.blocks[0].heading = 'Our story, saved with the dialog closed';
    write('story.json', JSON.stringify(withDialog, null, 2));
    await page.getByRole('heading', { name: 'Our story, saved with the dialog closed' }).waitFor();
    expect(await dialog.count()).toBe(0);
    await page.close();
  });

  it('updates an open Spanish page when its translation file is saved: a text emptied shows in English, marked; a file that is not JSON is named at its line', async () => {
    const page = await open('/es/story');
    const translation = '_translations/es/story.json';
    const good = read(translation);
    edit(translation, '"text": "Por qué existimos"', '"text": "Por qué existimos hoy"');
    await page.getByRole('heading', { name: 'Por qué existimos hoy' }).waitFor();
    expect(await sameDocument(page)).toBe(true);

    // A translation missing never stops the page: its English shows, marked as English, with the page's note.
    write(translation, good.replace('"text": "Por qué existimos"', '"text": ""'));
    await page
      .locator('h2 span[lang="en"]')
      .filter({ hasText: /^Why we exist/ })
      .waitFor(); // the first test may have changed the English
    await page.getByRole('note').waitFor();
    expect(await overlay(page).count()).toBe(0);
    // A translation file that is not JSON is a broken document: the overlay names it, at its line.
    write(translation, good.replace(/\n}\n$/, ',\n}\n'));
    await expect.poll(() => overlayText(page)).toContain('_translations/es/story.json');
    expect(await overlayText(page)).toMatch(/line \d+, column \d+\s+invalid JSON/);
    write(translation, good);
    await overlay(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Por qué existimos', exact: true }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });

  it('serves the pseudo-locales, made on the first request for one', async () => {
    const page = await open('/pseudo-rtl/story');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar-XB', 'rtl']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Ŕéšţóŕíñĝ/);
    await page.close();
  });

  it('serves a correct page with a clean console', async () => {
    const { page } = await newPage(browser);
    const log = recordConsole(page);
    await page.goto(dev.baseURL + '/use-cases/collections');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Try Our Agent Now' }).first().click();
    await page.getByRole('dialog').waitFor();
    const noise = (lines: string[]) => lines.filter((line) => !line.startsWith('[vite]'));
    expect(noise(log.errors)).toEqual([]);
    expect(noise(log.warnings)).toEqual([]);
    await page.close();
  });

  it('has a block gallery at /__blocks listing every block with its example and fields in words, and every icon with its name', async () => {
    const { page } = await newPage(browser);
    const log = recordConsole(page);
    await page.goto(dev.baseURL + '/__blocks');
    await waitForHydration(page);
    const listed = await page
      .locator('[data-block-type]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-block-type')));
    expect(listed.sort()).toEqual([...BLOCK_TYPES].sort());
    const hero = page.locator('[data-block-type="Hero"]');
    expect(await hero.locator('pre').textContent()).toContain('"type": "Hero"');
    expect(await hero.getByRole('table', { name: 'Fields' }).textContent()).toContain('Page headline (the only h1 on the page)');
    expect(await page.locator('main').textContent()).not.toContain('does not render');
    const heroFields = await hero.getByRole('table', { name: 'Fields' }).textContent();
    expect(heroFields).toContain('a site path (/...), #anchor, https://');
    expect(heroFields).not.toContain('matches');
    const icons = page.getByRole('region', { name: 'Icons' }).getByRole('listitem');
    expect(await icons.count()).toBe(ICON_NAMES.length);
    expect(await icons.first().locator('svg').count()).toBe(1);
    expect(await icons.allTextContents()).toEqual([...ICON_NAMES]);
    expect(log.errors).toEqual([]); // the not-found example does not report a missing path here
    await page.close();
  });
});
