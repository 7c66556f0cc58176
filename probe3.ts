import { launchBrowser, startSite, waitForHydration, DESKTOP, MOBILE } from './tests/browser/harness';
const [browser, site] = await Promise.all([launchBrowser(), startSite()]);
const shots: [string, string, string][] = [
  ['/', '#guardrails', 'guardrails'],
  ['/', '#pricing', 'pricing'],
  ['/', 'main [data-island="HowItWorksButton"]', 'cta'],
  ['/use-cases/collections', 'main section:nth-of-type(2)', 'statband'],
  ['/channels/email', 'main section:nth-of-type(2)', 'channel2'],
];
for (const vp of [DESKTOP, MOBILE]) {
  const page = await browser.newPage({ viewport: vp });
  for (const [route, sel, name] of shots) {
    await page.goto(site.baseURL + route);
    await waitForHydration(page);
    await page.evaluate(() => document.documentElement.setAttribute('data-render-all', ''));
    let loc = page.locator(sel).first();
    if (name === 'cta') loc = page.locator('main section').filter({ has: page.locator('[data-island="HowItWorksButton"]') });
    await loc.scrollIntoViewIfNeeded();
    if (name === 'pricing')
      await page.waitForFunction(() => document.querySelector('[data-island="Pricing"]')?.hasAttribute('data-hydrated'));
    await loc.screenshot({ path: `/tmp/shot-${vp.width}-${name}.png` });
  }
  await page.close();
}
await browser.close();
await site.close();
