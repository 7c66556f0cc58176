import { launchBrowser, startSite, DESKTOP, recordConsole } from './tests/browser/harness';
const [browser, site] = await Promise.all([launchBrowser(), startSite()]);
for (const path of ['/', '/story', '/compare/reachwell-vs-email-api', '/nope']) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const log = recordConsole(page);
  await page.goto(site.baseURL + path);
  await page
    .waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, { timeout: 10000 })
    .catch(() => console.log('no data-hydrated'));
  const islands = await page.evaluate(() =>
    [...document.querySelectorAll('[data-island]')].map(
      (e) => `${e.getAttribute('data-island')}:${e.getAttribute('data-hydrate')}:${e.hasAttribute('data-hydrated') ? 'H' : '-'}`,
    ),
  );
  const count = () => page.evaluate(() => document.querySelectorAll('nav[aria-label=Main]').length);
  await page.mouse.move(640, 500);
  await page.mouse.wheel(0, 900);
  await page.waitForTimeout(400);
  const after = await count();
  await page.mouse.wheel(0, -900);
  await page.waitForTimeout(400);
  await page.getByRole('button', { name: 'Solutions' }).hover();
  await page.waitForTimeout(800);
  const items = await page.getByRole('menuitem').allTextContents();
  console.log(
    path,
    islands.join(' '),
    '| nav after scroll',
    after,
    'back',
    await count(),
    '| menu',
    items.join(','),
    '| errors',
    log.errors,
    log.warnings,
  );
  await context.close();
}
await browser.close();
await site.close();
