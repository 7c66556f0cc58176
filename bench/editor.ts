/**
 * `npm run bench:editor`: the visual editor (/__edit in `npm run dev`) on a copy of pages-json/ in a git repository of
 * its own. Prints the editor's first load (cold: its modules compiled on the way; then warm), the time from a keystroke
 * in the story page's hero heading to the preview showing it (median and p95 of 20 keystrokes; goal: median 300 ms or
 * less), from pressing Save to the file written, and the diff (git numstat) of five typical edits saved through the
 * editor's endpoint, as its Save writes them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { copyOfContent, startDevServer } from '../test-support/dev-server';
import { launchBrowser } from '../test-support/browser';

const KEYSTROKES = 20;
const content = copyOfContent();
const repo = dirname(content);
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], { cwd: repo, encoding: 'utf8' });
git('init', '-q');
git('add', '-A');
git('commit', '-qm', 'content as copied');

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];
const ms = (value: number) => `${Math.round(value)} ms`;

const [browser, dev] = await Promise.all([launchBrowser(), startDevServer(content)]);
try {
  /** Opens the story page in the editor; the time until its form and its preview are both there. */
  async function openStory() {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const t0 = performance.now();
    await page.goto(`${dev.baseURL}/__edit/page/story.json`);
    await page.getByRole('textbox', { name: 'Heading', exact: true }).waitFor();
    await page.locator('iframe[title^="Preview"][data-ready]').waitFor();
    return { page, loadMs: performance.now() - t0 };
  }
  const cold = await openStory();
  await cold.page.close();
  const { page, loadMs: warmMs } = await openStory();

  // Keystroke -> preview: one character typed at the end of the hero heading, until the preview's h1 says it.
  const frame = page.frames().find((candidate) => candidate.url().includes('/__edit/preview'))!;
  const field = page.getByRole('textbox', { name: 'Heading', exact: true });
  await field.focus();
  await page.keyboard.press('End');
  let text = await field.inputValue();
  const keystrokes: number[] = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    const key = i % 2 ? 'a' : 'b';
    text += key;
    const t0 = performance.now();
    await page.keyboard.press(key);
    await frame.waitForFunction((expected) => document.querySelector('main h1')?.textContent === expected, text, {
      polling: 'raf',
      timeout: 10_000,
    });
    keystrokes.push(performance.now() - t0);
  }

  // Save -> file written: the diff shown, then the dialog's Save, until the file on disk has the new heading.
  const before = readFileSync(join(content, 'story.json'), 'utf8');
  await page.getByRole('button', { name: 'Save…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Save pages-json\// });
  await dialog.getByRole('table', { name: 'Changes to the file' }).waitFor();
  const t0 = performance.now();
  await dialog.getByRole('button', { name: /^Save to pages-json\// }).click();
  while (readFileSync(join(content, 'story.json'), 'utf8') === before) await new Promise((resolve) => setTimeout(resolve, 2));
  const saveMs = performance.now() - t0;
  await page.locator('[data-status="saved"]').waitFor();
  await page.close();
  git('checkout', '-q', '--', '.');

  // Five typical edits, saved as the editor saves them (its endpoint), each measured by git and undone.
  type Doc = { blocks: Record<string, unknown>[] };
  const api = async (path: string, init?: { body: unknown }) => {
    const response = await fetch(`${dev.baseURL}/__edit/api${path}`, {
      method: init ? 'POST' : 'GET',
      headers: { 'x-reachwell-editor': '1', ...(init ? { 'content-type': 'application/json', origin: dev.baseURL } : {}) },
      body: init ? JSON.stringify(init.body) : undefined,
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const edits: [string, string, (doc: Doc) => void][] = [
    ['change a heading', 'story.json', (doc) => (doc.blocks[0].heading = 'Restoring humanity to every message')],
    [
      'add a card',
      'story.json',
      (doc) =>
        (doc.blocks[2].cards as unknown[]).push({
          icon: 'heart',
          title: 'Kind by default',
          description: 'Every message is one we would like to get.',
        }),
    ],
    ['reorder sections', 'story.json', (doc) => doc.blocks.splice(2, 0, ...doc.blocks.splice(3, 1))],
    ['remove a section', 'story.json', (doc) => doc.blocks.splice(3, 1)],
    ['change a link', 'story.json', (doc) => ((doc.blocks[4].buttons as Record<string, unknown>[])[0].href = '/#pricing')],
  ];
  const diffs: string[] = [];
  for (const [name, file, edit] of edits) {
    const { doc, hash } = (await api(`/document?file=${encodeURIComponent(file)}`)) as { doc: Doc; hash: string };
    edit(doc);
    const saved = await api('/save', { body: { file, doc, baseHash: hash } });
    if (saved.outcome !== 'saved') throw new Error(`${name}: not saved: ${JSON.stringify(saved)}`);
    const [added, removed] = git('diff', '--numstat').trim().split('\t');
    diffs.push(`${name}: +${added} -${removed}`);
    git('checkout', '-q', '--', '.');
  }

  console.log('The visual editor (npm run dev, /__edit), on a copy of pages-json/');
  console.log(`  first load of the story page (form and preview shown): cold ${ms(cold.loadMs)}, warm ${ms(warmMs)}`);
  console.log(
    `  keystroke in the hero heading -> preview updated: median ${ms(median(keystrokes))}, p95 ${ms(p95(keystrokes))} of ${KEYSTROKES} (goal: median <= 300 ms)`,
  );
  console.log(`  Save in the diff dialog -> file written: ${ms(saveMs)}`);
  console.log(`  diff of typical edits (git numstat lines, story.json): ${diffs.join('; ')}`);
} finally {
  await browser.close();
  await dev.stop();
}
