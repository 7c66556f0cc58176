/**
 * `npm run bench:dev`: the marketer's loop in `npm run dev`, on a copy of pages-json/. Prints the
 * cold start (spawn to Vite ready, and to the first page interactive in Chromium) and the time from
 * saving a JSON file to its new text on screen, without a reload, median of 10 saves (also a save
 * in the site configuration). Target: a save shows in under a second.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { copyOfContent, startDevServer } from '../test-support/dev-server';
import { launchBrowser, waitForHydration } from '../test-support/browser';

const SAVES = 10;
const content = copyOfContent();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${Math.round(value)} ms`;

const browser = await launchBrowser();
const started = performance.now();
const dev = await startDevServer(content);
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(dev.baseURL + '/story');
await waitForHydration(page);
const firstPage = performance.now() - started;

/** Saves `file` with `from` replaced, and measures until `shown` is on screen. */
async function timeSave(p: Page, file: string, from: string, to: string, shown: string): Promise<number> {
  const path = join(content, file);
  const text = readFileSync(path, 'utf8');
  const t0 = performance.now();
  writeFileSync(path, text.replace(from, to));
  await p.waitForFunction((expected) => document.body.innerText.includes(expected), shown, { polling: 'raf', timeout: 10_000 });
  return performance.now() - t0;
}

await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
const pageSaves: number[] = [];
let heading = 'Why we exist';
for (let i = 1; i <= SAVES; i++) {
  const next = `Why we exist (${i})`;
  pageSaves.push(await timeSave(page, 'story.json', `"heading": "${heading}"`, `"heading": "${next}"`, next));
  heading = next;
}
const siteSaves: number[] = [];
let banner = 'New: AI voice agents now call in 50+ languages.';
const home = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await home.goto(dev.baseURL + '/');
await waitForHydration(home);
for (let i = 1; i <= 5; i++) {
  const next = `New: AI voice agents, release ${i}.`;
  siteSaves.push(await timeSave(home, '_site.json', banner, next, next));
  banner = next;
}
const reloaded = !(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true));

console.log('npm run dev, on a copy of pages-json/');
console.log(`  cold start: Vite ready ${ms(dev.readyMs)}; first page interactive ${ms(firstPage)} after spawn`);
console.log(
  `  save pages-json/story.json -> new text on screen: median ${ms(median(pageSaves))} of ${SAVES} (min ${ms(Math.min(...pageSaves))}, max ${ms(Math.max(...pageSaves))})`,
);
console.log(`  save pages-json/_site.json -> new banner on screen: median ${ms(median(siteSaves))} of ${siteSaves.length}`);
console.log(`  page reloaded during the saves: ${reloaded ? 'yes' : 'no'}`);
await browser.close();
await dev.stop();
