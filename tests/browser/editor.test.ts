/**
 * The visual editor (/__edit in `npm run dev`), in Chromium against a real dev server on a copy of the
 * content that is its own throwaway git repository: what a marketer does (change a heading, add a
 * section, reorder, create a page) changes the JSON files by exactly that, previewed before saving,
 * checked as `npm run validate` checks, with the template's rules held by the interface and the server.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/engine/load/i18n/load-site';
import { formatProblem } from '../../src/engine/model/problems';
import { errorsIn } from '../../src/engine/load/load-content';
import { copyOfContent, startDevServer, type DevServer } from '../../test-support/dev-server';
import { axeViolations, launchBrowser, MOBILE, newPage, recordConsole } from '../../test-support/browser';
import { showPane } from './editor-harness';

const WIDE = { width: 1440, height: 900 };

let browser: Browser;
let dev: DevServer;
/** The copy of pages-json/, inside a git repository of its own. */
let content: string;
let repo: string;

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Editor test', '-c', 'user.email=editor@example.com', ...args], { cwd: repo, encoding: 'utf8' });
const read = (file: string) => readFileSync(join(content, file), 'utf8');
const write = (file: string, text: string) => writeFileSync(join(content, file), text);

beforeAll(async () => {
  content = copyOfContent();
  repo = dirname(content);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'content as copied');
  [browser, dev] = await Promise.all([launchBrowser(), startDevServer(content)]);
  // The editor's first load compiles its modules: once here, not inside the first test's time. On a fresh clone
  // Vite also optimizes the editor's dependencies first: a CI run passed page.goto's 30 s default doing that.
  const page = await openEditor('', WIDE, { timeout: 110_000 });
  await page.close();
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
});

afterEach(({ task }) => {
  if (task.result?.state === 'fail') console.error(`dev server output:\n${dev.output().slice(-4000)}`);
  // Every test starts from the content as copied.
  git('checkout', '-q', '--', '.');
  git('clean', '-qfd');
});

async function openEditor(path: string, viewport = WIDE, { timeout }: { timeout?: number } = {}): Promise<Page> {
  const { page } = await newPage(browser, viewport);
  await page.goto(`${dev.baseURL}/__edit${path}`, { timeout });
  if (path === '') await page.getByRole('heading', { name: 'Documents' }).waitFor({ timeout });
  else await page.getByRole('main', { name: /^Editing / }).waitFor({ timeout });
  return page;
}

const preview = (page: Page): FrameLocator => page.frameLocator('iframe[title^="Preview"]');
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const status = (page: Page) => page.locator('[data-check-status]').innerText();
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save…' });
const numstat = () => git('diff', '--numstat').trim();

/** Selects a section in the outline by its label. */
async function selectSection(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Sections of the page' }).locator(`[data-outline-label="${label}"]`).first().click();
  await page.locator('[data-form-title]').filter({ hasText: label }).waitFor();
}

/** Save, as a marketer does: the diff first, then save; returns the diff's text. */
async function save(page: Page): Promise<string> {
  await expect.poll(() => saveButton(page).isEnabled()).toBe(true);
  await saveButton(page).click();
  const dialog = page.getByRole('dialog', { name: /^Save the / });
  const diff = dialog.getByRole('table', { name: 'Changes to the file' });
  await diff.waitFor();
  const text = await diff.innerText();
  await dialog.getByRole('button', { name: 'Save these changes' }).click();
  await page.locator('[data-status="saved"]').waitFor();
  return text;
}

/** What `npm run validate` judges, in this process (a child tsx took 5 to 10 s of each test on a loaded machine). */
const validationErrors = () => errorsIn(loadSite(content, dirname(content)).problems).map(formatProblem);

/** The text of the main headings of the preview, in page order. */
const previewHeadings = (page: Page) => preview(page).locator('main h1, main h2').allInnerTexts();

/** Calls the editor's endpoint as the editor does (same origin, its header), bypassing the interface. */
async function post(path: string, body: unknown) {
  const response = await fetch(`${dev.baseURL}/__edit/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-reachwell-editor': '1', origin: dev.baseURL },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const baseHash = async (file: string) =>
  (
    (await (
      await fetch(`${dev.baseURL}/__edit/api/document?file=${encodeURIComponent(file)}`, { headers: { 'x-reachwell-editor': '1' } })
    ).json()) as { hash: string }
  ).hash;

describe('the visual editor', () => {
  it("changes the story page's hero heading: previewed before saving, the file unchanged until then, then a one-line change that validates", async () => {
    const page = await openEditor('/page/story.json');
    const log = recordConsole(page);
    const before = read('story.json');
    await preview(page).getByRole('heading', { level: 1, name: 'Restoring humanity to communication' }).waitFor();

    await field(page, 'Heading').fill('Restoring humanity to every message');
    await showPane(page, 'Preview');
    await preview(page).getByRole('heading', { level: 1, name: 'Restoring humanity to every message' }).waitFor();
    expect(read('story.json')).toBe(before);
    expect(await page.locator('[data-status]').innerText()).toBe('Unsaved changes');

    const diff = await save(page);
    expect(diff).toContain('"heading": "Restoring humanity to every message"');
    expect(numstat()).toBe('1\t1\tpages-json/story.json');
    expect(read('story.json')).toBe(before.replace('Restoring humanity to communication', 'Restoring humanity to every message'));
    expect(validationErrors()).toEqual([]);
    expect(log.errors.filter((line) => !line.startsWith('[vite]'))).toEqual([]);
    await page.close();
  });

  it('keeps the formatting of a compactly written document (terms.json) when it changes one value', async () => {
    const compact = JSON.stringify(JSON.parse(read('terms.json'))) + '\n';
    write('terms.json', compact);
    git('commit', '-qam', 'terms.json written compactly');
    const page = await openEditor('/page/terms.json');
    await field(page, 'Heading').fill('Terms of Use');
    await preview(page).getByRole('heading', { level: 1, name: 'Terms of Use' }).waitFor();
    await save(page);
    expect(read('terms.json')).toBe(compact.replace('"heading":"Terms of Service"', '"heading":"Terms of Use"'));
    expect(numstat()).toBe('1\t1\tpages-json/terms.json');
    await page.close();
    git('reset', '-q', '--hard', 'HEAD~1');
  });

  it('shows a javascript: link as an error at once, and cannot save it, through the interface or around it', async () => {
    const page = await openEditor('/page/story.json');
    await selectSection(page, 'Call to action');
    const href = page.getByRole('combobox', { name: 'Link' }).first();
    // In the browser's own check, before the server has answered: the server's draft and check are held back until
    // the words `npm run validate` uses are on screen (a deadline of a second said the same, and failed under load).
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // Once released, each goes on to the server (one still under way when the page closes has nowhere to go).
    await page.route(/\/(draft|check)$/, (route) => released.then(() => route.continue().catch(() => undefined)));
    await href.fill('javascript:alert(1)');
    await expect
      .poll(() =>
        page
          .locator('[data-problem="error"]')
          .first()
          .innerText({ timeout: 1000 })
          .catch(() => ''),
      )
      .toContain(
        'expected a site path (/...), #anchor, https://, mailto:, tel:, sms:, site:<key> or panel:<name> (a link may not run code',
      );
    release();
    await expect.poll(() => status(page)).toMatch(/1 error/);
    expect(await saveButton(page).isDisabled()).toBe(true);

    const doc = JSON.parse(read('story.json'));
    doc.blocks[4].buttons[0].href = 'javascript:alert(1)';
    const refused = await post('/save', { file: 'story.json', doc, baseHash: await baseHash('story.json') });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('blocks[4] (CallToAction) buttons[0].href');
    expect(numstat()).toBe('');
    await page.close();
  });

  it('shows site-level problems from the server on their field: a broken link, a title another page has', async () => {
    const page = await openEditor('/page/story.json');
    await selectSection(page, 'Call to action');
    await page.getByRole('combobox', { name: 'Link' }).first().fill('/no-such-page');
    await expect
      .poll(() => page.locator('[data-item="/blocks/4/buttons/0"] [data-problem="error"]').innerText())
      .toContain('broken link: no page has the route /no-such-page');
    await selectSection(page, 'Page settings');
    await field(page, 'Title in search results and tabs').fill('Terms of Service | Reachwell');
    await expect
      .poll(() => page.locator('[data-problem="error"]').allInnerTexts())
      .toContainEqual(expect.stringContaining('the same title as the page /terms'));
    expect(await saveButton(page).isDisabled()).toBe(true);
    await page.close();
  });

  it('allows saving with a warning (TODO text) and shows it', async () => {
    const page = await openEditor('/page/story.json');
    await field(page, 'Badge').fill('TODO: a badge');
    await expect.poll(() => page.locator('[data-problem="warning"]').allInnerTexts()).toContainEqual(expect.stringContaining('TODO'));
    await save(page);
    expect(numstat()).toBe('1\t1\tpages-json/story.json');
    await page.close();
  });

  it('holds a use-case page to its template: the hero neither moves nor goes, benefit cards stop at four, shared content is read-only; the server refuses what breaks it, naming the slot', async () => {
    const page = await openEditor('/page/use-cases/upsell-campaigns.json');
    const outline = page.getByRole('navigation', { name: 'Sections of the page' });
    await outline.locator('[data-section="/blocks/0"]').waitFor();
    expect(await outline.getByRole('button', { name: /^Move section Hero/ }).count()).toBe(0);
    expect(await outline.getByRole('button', { name: /^Remove section Hero/ }).count()).toBe(0);

    await selectSection(page, 'Hero');
    const shared = page.locator('[data-shared="hero"]');
    await expect.poll(() => shared.innerText()).toContain('Change it in pages-json/_templates/use-case.json');
    expect(await shared.innerText()).toMatch(/changes all \d+ pages on the use-case template/);
    expect(await field(page, 'Badge').count()).toBe(0); // the template's: not a field of the page

    await selectSection(page, 'Card grid');
    await expect.poll(() => page.getByRole('button', { name: 'Add card' }).isDisabled()).toBe(true);
    expect(await page.getByText('The template asks for exactly 4 cards').count()).toBeGreaterThan(0);
    const removes = page.getByRole('button', { name: /^Remove card/ });
    expect(await removes.count()).toBe(4);
    for (const remove of await removes.all()) expect(await remove.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const doc = JSON.parse(read('use-cases/upsell-campaigns.json'));
    const hash = await baseHash('use-cases/upsell-campaigns.json');
    const fifth = structuredClone(doc);
    fifth.blocks[1].cards.push({ title: 'Five', description: 'A fifth card' });
    const tooMany = await post('/save', { file: 'use-cases/upsell-campaigns.json', doc: fifth, baseHash: hash });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toContain('(benefits, CardGrid) cards: 5 items, but the use-case template asks for exactly 4 cards');
    const moved = structuredClone(doc);
    moved.blocks.push(moved.blocks.shift());
    const heroLast = await post('/save', { file: 'use-cases/upsell-campaigns.json', doc: moved, baseHash: hash });
    expect(heroLast.status).toBe(422);
    expect(heroLast.body.message).toContain('the use-case template puts "hero" before');
    expect(numstat()).toBe('');
    await page.close();
  });

  it('reorders sections by keyboard and by pointer, with the same order in the preview and the file', async () => {
    const page = await openEditor('/page/story.json');
    const handle = (name: RegExp) => page.getByRole('navigation', { name: 'Sections of the page' }).getByRole('button', { name });
    // The sections' own headings (the prose section has none: its headings are in its text), as the preview shows them.
    const headingsOf = (blocks: { heading?: string }[]) =>
      blocks.flatMap((block) => (block.heading ? [block.heading.replace('{product}', 'Reachwell')] : []));
    const fileHeadings = () => headingsOf(JSON.parse(read('story.json')).blocks as { heading?: string }[]);
    /** Whether the preview shows heading `first` above heading `second` (both read from one rendering). */
    const above = async (first: string, second: string) => {
      const headings = await previewHeadings(page);
      return headings.includes(first) && headings.indexOf(first) < headings.indexOf(second);
    };

    // Keyboard: the stat band one place up, above the card grid.
    await handle(/^Move section Stat band/).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect.poll(() => above('Reachwell today', 'What we believe')).toBe(true);
    await save(page);
    const byKeyboard = fileHeadings();
    expect(byKeyboard.indexOf('Reachwell today')).toBe(byKeyboard.indexOf('What we believe') - 1);
    expect((await previewHeadings(page)).filter((text) => byKeyboard.includes(text))).toEqual(
      byKeyboard.filter((text) => (byKeyboard as string[]).includes(text)),
    );

    // Pointer: the card grid dragged back above the stat band.
    /** How far the list has moved a section aside for the one dragged (its wrapper's translate), as the visitor sees it. */
    const shift = (name: RegExp) =>
      handle(name).evaluate((el) => {
        let node = el.parentElement;
        while (node && !node.style.transform) node = node.parentElement;
        return node?.style.transform ?? '';
      });
    // Each step waits for the list to show it took the one before: on a loaded machine the pointer events can
    // arrive before React has drawn the drag, and a release before the list moved anything aside drops nothing.
    // Positions are read when they are used (hover waits for the handle to hold still): the save just made can
    // still be settling the layout.
    const dragged = handle(/^Move section Card grid/);
    await dragged.hover();
    await page.mouse.down();
    const from = (await dragged.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await expect.poll(() => dragged.getAttribute('aria-pressed')).toBe('true');
    const to = (await handle(/^Move section Stat band/).boundingBox())!;
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 10 });
    await expect.poll(() => shift(/^Move section Stat band/)).toMatch(/translate3d\(0px, [1-9]/);
    await page.mouse.up();
    await expect.poll(() => above('What we believe', 'Reachwell today')).toBe(true);
    await save(page);
    expect(fileHeadings()).toEqual(headingsOf(JSON.parse(git('show', 'HEAD:pages-json/story.json')).blocks));
    expect(numstat()).toBe('');
    await page.close();
  });

  it("merges a colleague's change on disk with my unsaved one, field by field, saying what they changed: saving keeps both (a conflict lost theirs)", async () => {
    const page = await openEditor('/page/story.json');
    const before = read('story.json');
    const subheading = (JSON.parse(before) as { blocks: { subheading: string }[] }).blocks[0].subheading;
    await field(page, 'Heading').fill('Mine');
    await preview(page).getByRole('heading', { level: 1, name: 'Mine' }).waitFor();
    write('story.json', before.replace(subheading, 'Theirs'));
    const merged = page.locator('[data-merged]');
    await merged.waitFor();
    expect(await merged.innerText()).toContain(`Hero › Subheading: “${subheading.slice(0, 40)}`);
    expect(await merged.innerText()).toContain('→ “Theirs”');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => field(page, 'Text under the headline').inputValue()).toBe('Theirs');
    expect(await field(page, 'Heading').inputValue()).toBe('Mine');
    expect(await axeViolations(page, '[data-merged]', { iframes: false })).toEqual([]);
    // The save writes my heading over the file as the colleague left it: one line of it changes.
    await expect.poll(() => saveButton(page).isEnabled()).toBe(true);
    await saveButton(page).click();
    const changes = page.getByRole('table', { name: 'Changes to the file' });
    await changes.waitFor();
    expect(await changes.locator('[data-kind="added"]').allInnerTexts()).toEqual([expect.stringContaining('"heading": "Mine"')]);
    expect(await changes.locator('[data-kind="removed"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Save these changes' }).click();
    await page.locator('[data-status="saved"]').waitFor();
    expect(read('story.json')).toBe(before.replace(subheading, 'Theirs').replace('Restoring humanity to communication', 'Mine'));
    await page.close();
  });

  for (const [name, viewport] of [
    ['at 1440 px', WIDE],
    ['on a phone', MOBILE],
  ] as const) {
    it(`asks only about the fields both changed, each with both versions, and saves the choices with everything else merged (${name})`, async () => {
      const page = await openEditor('/page/story.json', viewport);
      const before = read('story.json');
      const subheading = (JSON.parse(before) as { blocks: { subheading: string }[] }).blocks[0].subheading;
      await field(page, 'Heading').fill('Mine');
      await field(page, 'Badge').fill('My badge');
      await showPane(page, 'Preview');
      await preview(page).getByText('My badge').waitFor();
      await showPane(page, 'Form');
      write('story.json', before.replace('Restoring humanity to communication', 'Theirs').replace(subheading, 'Their subheading'));
      const dialog = page.getByRole('dialog', { name: 'pages-json/story.json changed on disk' });
      const heading = dialog.getByRole('radiogroup', { name: 'Hero › Heading' });
      await heading.waitFor();
      expect(await dialog.getByRole('radiogroup').count()).toBe(1);
      expect(await heading.getByRole('radio', { name: 'Mine: “Mine”' }).isChecked()).toBe(true);
      expect(await dialog.innerText()).toContain('Hero › Subheading: “');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
      await heading.getByRole('radio', { name: 'On disk: “Theirs”' }).check();
      await dialog.getByRole('button', { name: 'Merge with these choices' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => field(page, 'Heading').inputValue()).toBe('Theirs');
      await save(page);
      expect(read('story.json')).toBe(
        before
          .replace('Restoring humanity to communication', 'Theirs')
          .replace(subheading, 'Their subheading')
          .replace('"badge": "Our Story"', '"badge": "My badge"'),
      );
      await page.close();
    });
  }

  it('loads the file from disk when I choose to discard my changes', async () => {
    const page = await openEditor('/page/story.json');
    const dialog = page.getByRole('dialog', { name: 'pages-json/story.json changed on disk' });
    await field(page, 'Heading').fill('Mine again');
    await preview(page).getByRole('heading', { level: 1, name: 'Mine again' }).waitFor();
    write('story.json', read('story.json').replace('Restoring humanity to communication', 'Theirs'));
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /^Load the file from disk/ }).click();
    await expect.poll(() => field(page, 'Heading').inputValue()).toBe('Theirs');
    expect(await page.locator('[data-status]').innerText()).toBe('All changes saved');
    await page.close();
  });

  for (const [name, viewport] of [
    ['at 1440 px', WIDE],
    ['on a phone', MOBILE],
  ] as const) {
    it(`searches the text of every document and opens a hit at its field, selected and focused (${name})`, async () => {
      const page = await openEditor('', viewport);
      const search = page.getByRole('textbox', { name: 'Search documents' });
      const results = page.getByRole('region', { name: 'Matches in the text' });
      const status = results.locator('[data-search-status]');
      const hits = results.getByRole('link');
      const searchFor = async (query: string) => {
        await search.fill('');
        await search.pressSequentially(query);
        await expect.poll(() => status.innerText()).toContain(`“${query}”`);
      };

      // A kind of section: the FAQ section of the home page first.
      await searchFor('FAQ');
      expect(await hits.first().innerText()).toMatch(/^FAQ\n.*· \/\nFrequently asked questions$/);
      expect(await axeViolations(page, undefined, { iframes: false })).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      // What a marketer calls the home page.
      await searchFor('home');
      expect(await hits.first().innerText()).toMatch(/^Reachwell: AI agents for email, SMS and voice\npage · \/$/);
      // Nothing: said so.
      await searchFor('qqzzx');
      expect(await status.innerText()).toBe('No document or text matches “qqzzx”.');
      expect(await hits.count()).toBe(0);

      // A plan's name, in the plans collection: its record opens with the field focused.
      await searchFor('Growth');
      expect(await hits.first().innerText()).toMatch(/^“Growth” › Name\nPlans \(shared list\)/);
      await hits.first().click();
      await page.getByRole('main', { name: 'Editing the plans collection' }).waitFor();
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('Growth');
      expect(await page.locator('[aria-current="true"]').innerText()).toContain('Growth');

      // An FAQ question, in the text of a page: the FAQ section selected, its item open, the question focused.
      await page.goBack();
      await searchFor('review emails before');
      expect(await hits.first().innerText()).toMatch(/^FAQ › Item 3 › Question\n/);
      await hits.first().click();
      await page.getByRole('main', { name: /^Editing the page “.*” \(\/\)$/ }).waitFor();
      await page.locator('[data-form-title]').filter({ hasText: 'FAQ' }).waitFor();
      await expect
        .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value))
        .toBe('Can we review emails before they are sent?');
      expect(new URL(page.url()).searchParams.get('field')).toBe('/blocks/12/items/2/question');
      await page.close();
    });
  }

  for (const [name, viewport] of [
    ['at 1440 px', WIDE],
    ['on a phone', MOBILE],
  ] as const) {
    it(`previews a collection's draft on each page that shows it, chosen under "Preview on" (${name})`, async () => {
      const page = await openEditor('/collection/plans', viewport);
      await showPane(page, 'Preview');
      const picker = page.getByRole('textbox', { name: 'Preview on' }).or(page.getByRole('combobox', { name: 'Preview on' }));
      await picker.waitFor();
      expect(await page.getByText('7 pages show the plans collection').count()).toBe(1);
      await preview(page).getByRole('heading', { level: 1 }).first().waitFor();
      expect(await preview(page).locator('main h2').allInnerTexts()).toContain('Start with 50 free messages per month');
      expect(await axeViolations(page, '[data-preview-picker]', { iframes: false })).toEqual([]);
      await picker.click();
      const options = page.getByRole('option');
      expect((await options.allInnerTexts()).map((text) => text.split(' · ')[0])).toEqual([
        '/',
        '/compare/reachwell-vs-ai-sdr-tools',
        '/compare/reachwell-vs-ai-voice-agents',
        '/compare/reachwell-vs-communications-api',
        '/compare/reachwell-vs-ecommerce-email',
        '/compare/reachwell-vs-email-api',
        '/compare/reachwell-vs-marketing-automation',
      ]);
      await page.getByRole('option', { name: /^\/compare\/reachwell-vs-email-api/ }).click();
      await preview(page).getByRole('heading', { level: 1, name: 'Reachwell vs an Email-Delivery API Service' }).waitFor();
      // The draft, on the page chosen: a new price of the Growth plan in that page's text.
      await showPane(page, 'Form');
      await page
        .getByRole('navigation', { name: 'Records of the plans collection' })
        .getByRole('button', { name: 'Growth', exact: true })
        .click();
      const amount = page
        .getByRole('region', { name: 'Selected record' })
        .getByRole('group', { name: 'Price' })
        .getByRole('textbox', { name: 'Amount' });
      await amount.click();
      await page.keyboard.press('ControlOrMeta+a');
      await amount.pressSequentially('199');
      await showPane(page, 'Preview');
      await expect.poll(() => preview(page).locator('main').innerText()).toContain('$199/month');
      expect(await preview(page).getByRole('heading', { level: 1 }).innerText()).toBe('Reachwell vs an Email-Delivery API Service');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.close();
    });
  }

  it('undoes and redoes with Ctrl+Z and Ctrl+Shift+Z, in the form and the preview', async () => {
    const page = await openEditor('/page/story.json');
    const heading = field(page, 'Heading');
    await heading.fill('First change');
    await field(page, 'Badge').fill('Second change');
    await preview(page).getByText('Second change').waitFor();
    await page.keyboard.press('Control+z');
    await expect.poll(() => field(page, 'Badge').inputValue()).toBe('Our Story');
    await page.keyboard.press('Control+z');
    await expect.poll(() => heading.inputValue()).toBe('Restoring humanity to communication');
    await preview(page).getByRole('heading', { level: 1, name: 'Restoring humanity to communication' }).waitFor();
    expect(await page.locator('[data-status]').innerText()).toBe('All changes saved');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => heading.inputValue()).toBe('First change');
    await preview(page).getByRole('heading', { level: 1, name: 'First change' }).waitFor();
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => field(page, 'Badge').inputValue()).toBe('Second change');
    await page.close();
  });

  it('asks before leaving with unsaved changes', async () => {
    const page = await openEditor('/page/story.json');
    await field(page, 'Heading').fill('Unsaved');
    await page.getByRole('link', { name: 'Reachwell editor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    // The focus is on the safe choice, not the close button.
    const stay = dialog.getByRole('button', { name: 'Stay' });
    await expect.poll(() => stay.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Stay' }).click();
    expect(await field(page, 'Heading').inputValue()).toBe('Unsaved');
    await page.getByRole('link', { name: 'Reachwell editor' }).click();
    await dialog.getByRole('button', { name: /^Leave/ }).click();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    expect(numstat()).toBe('');
    await page.close();
  });

  it('adds a section from the palette: every block by category, with a preview from its example', async () => {
    const page = await openEditor('/page/story.json');
    await selectSection(page, 'Card grid');
    await page.getByRole('button', { name: 'Add a section' }).click();
    const palette = page.getByRole('dialog', { name: 'Add a section after Card grid' });
    await palette.getByRole('button', { name: /^FAQ/ }).click();
    await palette.frameLocator('iframe[title="FAQ, rendered from its example"]').locator('main').waitFor();
    expect(await palette.locator('section[aria-label]').count()).toBeGreaterThan(3);
    expect(await axeViolations(page)).toEqual([]);
    await palette.getByRole('button', { name: 'Add FAQ' }).click();
    await page.locator('[data-form-title]').filter({ hasText: 'FAQ' }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'Sections of the page' })
          .locator('[data-type]')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-type'))),
      )
      .toEqual(['Hero', 'Prose', 'CardGrid', 'FAQ', 'StatBand', 'CallToAction']);
    await save(page);
    expect((JSON.parse(read('story.json')).blocks as { type: string }[]).map((block) => block.type)).toEqual([
      'Hero',
      'Prose',
      'CardGrid',
      'FAQ',
      'StatBand',
      'CallToAction',
    ]);
    expect(validationErrors()).toEqual([]);
    await page.close();
  });

  it('edits a page with the keyboard alone: a card title, then save', async () => {
    const page = await openEditor('/page/story.json');
    /** Presses Tab until the focused element is the one named `name` (a marketer tabbing through the editor). */
    const tabTo = async (name: RegExp) => {
      for (let presses = 0; presses < 300; presses++) {
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          const label = element?.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : '';
          return `${element?.getAttribute('aria-label') ?? ''}|${label ?? ''}|${element?.textContent ?? ''}`;
        });
        if (name.test(focused)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${name}`);
    };
    await tabTo(/\|Card grid/);
    await page.keyboard.press('Enter');
    await page.locator('[data-form-title]').filter({ hasText: 'Card grid' }).waitFor();
    // Its three cards are listed closed, by title: open the first one.
    await tabTo(/^\|\|Relevant, personal messages/);
    await page.keyboard.press('Enter');
    await tabTo(/\|Title/);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Typed without a mouse');
    await preview(page).getByText('Typed without a mouse').waitFor();
    await expect.poll(() => saveButton(page).isEnabled()).toBe(true);
    await tabTo(/^\|\|Save…$/);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Save these changes' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await tabTo(/^\|\|Save these changes$/);
    await page.keyboard.press('Enter');
    await page.locator('[data-status="saved"]').waitFor();
    expect(numstat()).toBe('1\t1\tpages-json/story.json');
    await page.close();
  });

  it('reorders, adds and removes records of a collection', async () => {
    const page = await openEditor('/collection/jobs');
    const records = page.getByRole('navigation', { name: 'Records of the jobs collection' });
    const titles = () => (JSON.parse(read('_collections/jobs.json')).items as { title: string }[]).map((job) => job.title);
    const before = titles();
    await records.getByRole('button', { name: `Move record ${before[1]}`, exact: true }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await save(page);
    expect(titles()).toEqual([before[1], before[0], ...before.slice(2)]);
    await records.getByRole('button', { name: `Remove record ${before[0]}`, exact: true }).click();
    await save(page);
    expect(titles()).toEqual([before[1], ...before.slice(2)]);
    expect(validationErrors()).toEqual([]);
    await page.close();
  });

  it('creates a use-case page with the new-page scaffolder; it joins its menu', async () => {
    const page = await openEditor('');
    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await dialog.getByRole('combobox', { name: 'Kind of page' }).click();
    await page.getByRole('option', { name: /A use-case page/ }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Appointment Reminders');
    expect(await dialog.getByRole('textbox', { name: 'Address' }).inputValue()).toBe('appointment-reminders');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('main', { name: /^Editing the page “.*” \(\/use-cases\/appointment-reminders\)$/ }).waitFor();
    expect(existsSync(join(content, 'use-cases', 'appointment-reminders.json'))).toBe(true);
    await expect.poll(() => status(page)).toMatch(/warning/); // its TODO text: allowed while drafting

    const { page: site } = await newPage(browser, WIDE);
    await site.goto(`${dev.baseURL}/use-cases`);
    await expect
      .poll(async () => {
        await site.reload();
        return site.locator('a[href="/use-cases/appointment-reminders"]').count();
      })
      .toBeGreaterThan(0);
    await site.close();
    await page.close();
  });

  it('finds nothing for axe on every view', async () => {
    const views: [string, string][] = [
      ['documents', ''],
      ['a page', '/page/story.json'],
      ['a template page', '/page/use-cases/collections.json'],
      ['a collection', '/collection/plans'],
      ['the site configuration', '/site'],
      ['a template', '/template/use-case'],
    ];
    for (const [name, path] of views) {
      const page = await openEditor(path);
      if (path) await expect.poll(() => status(page)).not.toBe('Checking…');
      // The preview is a page of the site, which routes.test.ts checks on every route: here it is checked once, in the
      // page view, with the editor's selection in it.
      expect(await axeViolations(page, undefined, { iframes: path === '/page/story.json' }), name).toEqual([]);
      if (path === '/page/story.json') {
        await field(page, 'Heading').fill('Axe');
        await saveButton(page).click();
        await page.getByRole('table', { name: 'Changes to the file' }).waitFor();
        expect(await axeViolations(page), 'the save dialog').toEqual([]);
      }
      await page.close();
    }
    // Seven views, each opened and checked by axe: 30 s alone, of which axe 11 s (the site configuration's form, 1,600
    // elements, 2.7 s) and opening the views most of the rest.
  });

  it('selects a section in the outline and the form when it is clicked in the preview', async () => {
    const page = await openEditor('/page/story.json');
    await preview(page).getByRole('heading', { name: 'Reachwell today' }).click();
    await page.locator('[data-form-title]').filter({ hasText: 'Stat band' }).waitFor();
    expect(await page.locator('[data-section="/blocks/3"]').getAttribute('data-selected')).not.toBeNull();
    await page.close();
  });

  it('shows the outline and form, or the preview, at phone width, nothing past the screen edge, and still edits', async () => {
    const page = await openEditor('/page/story.json', MOBILE);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    for (const name of ['Save…', 'Add a section']) {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    }
    await field(page, 'Heading').fill('Restoring humanity to every message');
    await showPane(page, 'Preview');
    await preview(page).getByRole('heading', { level: 1, name: 'Restoring humanity to every message' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.close();
  });
});

/**
 * Forms a marketer can trust, at a desktop and a phone width: text typed key by key is kept whole whatever its length
 * (one field, one element: a one-line field stays one line, a multi-line one stays a box), money is an amount and a
 * currency, JSON that does not read is an error that blocks saving and is still there when its section is shown again,
 * and the Form/JSON switch is never cut.
 */
describe.each([
  ['1440x900', WIDE],
  ['375 px', MOBILE],
])('plain forms from the schema, at %s', (_, viewport) => {
  /** What element the field is, whether it has the focus, and its text. */
  const state = (locator: ReturnType<typeof field>) =>
    locator.evaluate((element: HTMLInputElement | HTMLTextAreaElement) => ({
      tag: element.tagName,
      focused: element === document.activeElement,
      value: element.value,
    }));

  it('keeps every keystroke: 120 characters typed in a one-line title, and a long description selected and typed over', async () => {
    const page = await openEditor('/page/story.json', viewport);
    const title =
      'Our Story: restoring humanity to every email, text and call a business sends, one welcome message at a time | Reachwell!';
    expect(title.length).toBe(120);
    await selectSection(page, 'Page settings');
    const titleField = field(page, 'Title in search results and tabs');
    await titleField.click();
    await page.keyboard.press('ControlOrMeta+a');
    await titleField.pressSequentially(title);
    expect(await state(titleField)).toEqual({ tag: 'INPUT', focused: true, value: title });
    await expect.poll(() => page.locator('[data-counter]').first().innerText()).toBe('120 / 60 characters (aim)');

    const subheading = 'Calls, texts and emails customers are glad to get.';
    await selectSection(page, 'Hero');
    const description = field(page, 'Text under the headline');
    expect((await state(description)).value.length).toBeGreaterThan(80);
    await description.click();
    await page.keyboard.press('ControlOrMeta+a');
    await description.pressSequentially(subheading);
    expect(await state(description)).toEqual({ tag: 'TEXTAREA', focused: true, value: subheading });
    await showPane(page, 'Preview');
    await preview(page).getByText(subheading).waitFor();

    await save(page);
    const saved = JSON.parse(read('story.json'));
    expect(saved.meta.title).toBe(title);
    expect(saved.blocks[0].subheading).toBe(subheading);
    expect(numstat()).toBe('2\t2\tpages-json/story.json');
    await page.close();
  });

  it("edits a plan's price as an amount and a currency, never as JSON", async () => {
    const page = await openEditor('/collection/plans', viewport);
    const records = page.getByRole('navigation', { name: 'Records of the plans collection' });
    await records.getByRole('button', { name: 'Growth', exact: true }).click();
    const form = page.getByRole('region', { name: 'Selected record' });
    await form.getByRole('heading', { name: 'Growth', exact: true }).waitFor();
    const price = form.getByRole('group', { name: 'Price' });
    expect(await form.locator('[data-json-field]').count()).toBe(0);
    expect(await price.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('USD');
    const amount = price.getByRole('textbox', { name: 'Amount' });
    expect(await amount.inputValue()).toBe('149');
    await amount.click();
    await page.keyboard.press('ControlOrMeta+a');
    await amount.pressSequentially('159.95');
    expect(await amount.inputValue()).toBe('159.95');
    await save(page);
    const plans = JSON.parse(read('_collections/plans.json')).items as { id: string; price: unknown }[];
    expect(plans.find((plan) => plan.id === 'growth')?.price).toEqual({ amount: 159.95, currency: 'USD' });

    // A plan priced in words ("Custom") shows them, and switches to an amount without any JSON.
    await records.getByRole('button', { name: 'Enterprise', exact: true }).click();
    await form.getByRole('heading', { name: 'Enterprise', exact: true }).waitFor();
    expect(await price.getByRole('textbox', { name: 'Words' }).inputValue()).toBe('Custom');
    expect(await form.locator('[data-json-field]').count()).toBe(0);
    expect(validationErrors()).toEqual([]);
    await page.close();
  });

  it('shows JSON that does not read as an error, blocks saving and leaving, and keeps the text when its section is shown again', async () => {
    const page = await openEditor('/page/story.json', viewport);
    await selectSection(page, 'Stat band');
    await page.getByRole('radiogroup', { name: 'Edit as' }).locator('label', { hasText: 'JSON' }).click();
    const json = page.getByRole('textbox', { name: 'Stat band as JSON' });
    await json.click();
    await page.keyboard.press('ControlOrMeta+End');
    await json.pressSequentially(' oops');
    const typed = await json.inputValue();
    expect(typed.endsWith('} oops')).toBe(true);
    await expect.poll(() => status(page)).toBe('1 error');
    expect(await page.locator('[data-status]').innerText()).toBe('Unsaved changes');
    expect(await saveButton(page).isDisabled()).toBe(true);
    await expect
      .poll(() => page.locator('[data-problems]').innerText())
      .toMatch(/Stat band: invalid JSON, not applied: .*\(the document keeps its last valid value\)/);

    await selectSection(page, 'Hero');
    await page.getByRole('textbox', { name: 'Hero as JSON' }).waitFor();
    await selectSection(page, 'Stat band');
    await expect.poll(() => json.inputValue()).toBe(typed);
    expect(await status(page)).toBe('1 error');

    await page.getByRole('link', { name: 'Reachwell editor' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('button', { name: 'Put back the last valid JSON' }).click();
    await expect.poll(() => status(page)).toBe('Valid');
    expect(await page.locator('[data-status]').innerText()).toBe('All changes saved');
    expect(numstat()).toBe('');
    await page.close();
  });

  it('never cuts the Form/JSON switch, whatever the section title beside it', async () => {
    const page = await openEditor('/page/use-cases/collections.json', viewport);
    const outline = page.getByRole('navigation', { name: 'Sections of the page' });
    const rows = await outline
      .locator('[data-section^="/blocks/"] [data-outline-label]')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-outline-label')!));
    expect(rows.length).toBeGreaterThan(4);
    for (const [index, label] of rows.entries()) {
      await outline.locator('[data-section^="/blocks/"] [data-outline-label]').nth(index).click();
      await page.locator('[data-form-title]').filter({ hasText: label }).waitFor();
      const cut = await page.getByRole('radiogroup', { name: 'Edit as' }).evaluate((control) => {
        const column = control.closest('section')!.getBoundingClientRect();
        const box = control.getBoundingClientRect();
        // The control hides what overflows it, and each label ends in an ellipsis: either cuts "JSON" to "JSO".
        const labels = [control, ...control.querySelectorAll('label, label > span')].filter(
          (item) => item.scrollWidth > item.clientWidth + 1,
        );
        return { outside: box.right > column.right + 1 || box.left < column.left - 1, cut: labels.map((item) => item.textContent) };
      });
      expect(cut, label).toEqual({ outside: false, cut: [] });
    }
    await page.close();
  });
});
