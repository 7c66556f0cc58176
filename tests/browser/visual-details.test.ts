/**
 * Small visual details at 375 and 1280 px (issue 26), measured in Chromium on the page a visitor gets:
 * a card's badge keeps its distance from its icon tile; scrolled to the end of the page, no text lies
 * under the floating 'Try It Now' button; every banner preview's copy fits inside its ad, and a size
 * with no ad shows its note with its own preview; the type scale's values wrap between values only.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, settle, startSite, useBrowserAndSite, waitForHydration } from '../../test-support/browser';

let browser: Browser;
let site: Awaited<ReturnType<typeof startSite>>;
useBrowserAndSite((b, s) => {
  browser = b;
  site = s;
});

async function open(route: string, viewport: typeof DESKTOP, section?: string) {
  const { context, page } = await newPage(browser, viewport, { lazySections: true });
  await page.goto(site.baseURL + route);
  await waitForHydration(page);
  if (section) {
    const target = page.locator(section);
    await target.scrollIntoViewIfNeeded();
    // Rendered once near the screen (content-visibility: auto skips it before).
    await expect.poll(() => target.evaluate((el) => el.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
  }
  return { context, page };
}

/** Every card (list item) in the page's card grids with both an icon tile and a badge: the gap between the two, in px. */
function badgeGaps(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main li')]
      .map((card) => [card.querySelector('.mantine-ThemeIcon-root'), card.querySelector('.mantine-Badge-root')] as const)
      .filter(([icon, badge]) => icon && badge && icon.parentElement === badge.parentElement)
      .map(([icon, badge]) => {
        const a = icon!.getBoundingClientRect();
        const b = badge!.getBoundingClientRect();
        const across = Math.max(b.left - a.right, a.left - b.right);
        const down = Math.max(b.top - a.bottom, a.top - b.bottom);
        return { badge: badge!.textContent, gap: Math.round(Math.max(across, down)) };
      }),
  );
}

describe.each([
  ['375 px', MOBILE],
  ['1280 px', DESKTOP],
])('at %s', (_, viewport) => {
  it.each([
    ['/solutions/insurance', '#agent-team'],
    ['/solutions/insurance', '#campaign-example'],
    ['/compare/reachwell-vs-email-api', '#migration'],
    ['/', '#agents'],
  ])("%s %s: each card's badge sits at least 8 px from its icon tile", async (route, section) => {
    const { context, page } = await open(route, viewport, section);
    const gaps = (await badgeGaps(page)).filter((entry) => entry.gap < 8);
    expect(gaps).toEqual([]);
    expect((await badgeGaps(page)).length).toBeGreaterThan(0);
    await context.close();
  });

  it("home, scrolled to the end: no text lies under the floating 'Try It Now' button", async () => {
    const { context, page } = await open('/', viewport);
    const button = page.locator('[data-island="FloatingChat"] button').first();
    // To the end, as a visitor's End key goes: again while sections rendering on the way change the page's height.
    await expect
      .poll(async () => {
        await page.keyboard.press('End');
        await settle(page);
        return page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight);
      })
      .toBe(true);
    // The button shown (on phones it slides in once the page is scrolled).
    await expect.poll(() => button.evaluate((el) => el.checkVisibility({ visibilityProperty: true }))).toBe(true);
    await settle(page);
    const covered = await button.evaluate((pill) => {
      const box = pill.getBoundingClientRect();
      const hits: string[] = [];
      const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        if (!node.textContent!.trim() || pill.contains(node) || !node.parentElement!.checkVisibility({ visibilityProperty: true }))
          continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const line of range.getClientRects()) {
          const overlaps = line.right > box.left && line.left < box.right && line.bottom > box.top && line.top < box.bottom;
          if (overlaps && line.width > 0) hits.push(node.textContent!.trim());
        }
      }
      return hits;
    });
    expect(covered).toEqual([]);
    await context.close();
  });

  it("the style guide's banner previews: every ad's copy fits inside its ad; a size with no ad has its preview, with its note", async () => {
    const { context, page } = await open('/style-guide', viewport, '#banner-ads');
    await page.evaluate(() => document.documentElement.setAttribute('data-render-all', '')); // every card, not only those near the screen
    await settle(page);
    const overflowing = await page.locator('#banner-ads li figure > div > div').evaluateAll((ads) =>
      ads.flatMap((ad) => {
        const frame = ad.getBoundingClientRect();
        return [...ad.querySelectorAll('p, span')]
          .filter((text) => {
            const box = text.getBoundingClientRect();
            return (
              box.left < frame.left - 0.5 || box.right > frame.right + 0.5 || box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5
            );
          })
          .map((text) => text.textContent);
      }),
    );
    expect(overflowing).toEqual([]);
    // The sizes with no ad: each a figure with a drawn preview, its caption naming it and saying it is a preview only.
    const previewOnly = await page.locator('#banner-ads figure:not(li figure)').evaluateAll((figures) =>
      figures.map((figure) => ({
        caption: figure.querySelector('figcaption')!.textContent,
        preview: (figure.querySelector('figure > div > div')?.getBoundingClientRect().height ?? 0) > 20,
      })),
    );
    expect(previewOnly).toEqual([{ caption: '120x600 Thin Skyscraper · Preview only', preview: true }]);
    await context.close();
  });

  it("the style guide's type scale: each line of values wraps between values, never inside one", async () => {
    const { context, page } = await open('/style-guide', viewport, '#typography');
    const broken = await page.evaluate(() =>
      [...document.querySelectorAll('#typography li > div > p:last-child > *')]
        // On one line: all its boxes (one per text run) share a top.
        .filter((value) => new Set([...value.getClientRects()].map((box) => Math.round(box.top))).size > 1)
        .map((value) => value.textContent),
    );
    expect(broken).toEqual([]);
    // On phones every row lays out alike: the values start under the name.
    if (viewport.width < 768) {
      const starts = await page
        .locator('#typography li > div')
        .evaluateAll((rows) =>
          rows.map((row) =>
            Math.round(row.lastElementChild!.getBoundingClientRect().left - row.firstElementChild!.getBoundingClientRect().left),
          ),
        );
      expect(new Set(starts)).toEqual(new Set([0]));
    }
    await context.close();
  });
});
