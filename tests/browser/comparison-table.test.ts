/**
 * Every comparison table (the ComparisonTable block, on the /compare/* pages) in Chromium at 375 and
 * 1280 px, on the page a visitor gets (lazy sections, which clip what overflows them): every cell and
 * all of its text inside the screen and unclipped, each side named by its column on phones (where each
 * row is a card), the same table in Chromium's accessibility tree at both widths (rows, column headers,
 * row headers, cells), and axe.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ComparisonTableBlock } from '../../src/blocks/ComparisonTable/schema';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { resolveContent } from '../../src/engine/model/resolve';
import { loadContent } from '../../src/engine/load/load-content';
import {
  axeViolations,
  DESKTOP,
  MOBILE,
  newPage,
  recordConsole,
  startSite,
  useBrowserAndSite,
  waitForHydration,
} from '../../test-support/browser';

const content = loadContent(CONTENT_DIR);
/** Every page with a comparison table, with its tables as they render (placeholders resolved). */
const tables = content.pages.flatMap((page) =>
  page.doc.blocks
    .filter((block): block is ComparisonTableBlock => block.type === 'ComparisonTable')
    .map((block) => ({ route: page.route!, block: resolveContent(block, content.site!, content.collections) })),
);

let browser: Browser;
let site: Awaited<ReturnType<typeof startSite>>;
useBrowserAndSite((b, s) => {
  browser = b;
  site = s;
});

/** The table's section as a visitor reaches it: lazy sections kept, scrolled to, rendered. */
async function openTable(route: string, block: ComparisonTableBlock, viewport: typeof DESKTOP) {
  const { context, page } = await newPage(browser, viewport, { lazySections: true });
  const log = recordConsole(page);
  await page.goto(site.baseURL + route);
  await waitForHydration(page);
  const table = page.locator(`#${block.id} table`);
  await table.scrollIntoViewIfNeeded();
  // Rendered once its section is near the screen: content-visibility: auto skips it before (a geometry query
  // would lay the skipped rows out, in a section still at its estimated height).
  await expect
    .poll(() =>
      table
        .locator('tbody tr')
        .last()
        .evaluate((row) => row.checkVisibility({ contentVisibilityAuto: true })),
    )
    .toBe(true);
  return { context, page, log, table };
}

/**
 * What a visitor cannot read: a cell or a line of a cell's text outside the screen, or cut by a box that
 * clips it (overflow, paint containment such as a lazy section's); text that is not visible. Text meant
 * for screen readers only (visually hidden) is left out; so are the column headings on phones, which
 * are visually hidden there (each side shows its column's name instead), and on wider screens each side's
 * column name in the cell, which the headings row replaces there.
 */
function unreadable(page: Page, id: string) {
  return page.evaluate((id) => {
    const problems: string[] = [];
    const viewportWidth = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewportWidth) {
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${viewportWidth} px screen`);
    }
    const clips = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        style.overflowX !== 'visible' ||
        style.overflowY !== 'visible' ||
        style.contentVisibility === 'auto' ||
        /paint|content|strict/.test(style.contain)
      );
    };
    /** Whether `box` lies inside the screen's width and inside every clipping box around `from`. */
    const cutBy = (box: DOMRect, from: Node) => {
      if (box.left < -0.5 || box.right > viewportWidth + 0.5) return 'the screen';
      for (let element = from.parentElement; element && element !== document.documentElement; element = element.parentElement) {
        if (!clips(element)) continue;
        const frame = element.getBoundingClientRect();
        if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5 || box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5) {
          return `${element.tagName.toLowerCase()}.${element.className}`;
        }
      }
      return null;
    };
    const table = document.querySelector(`#${id} table`)!;
    const head = table.querySelector('thead')!;
    const headShown = head.getBoundingClientRect().width > 1;
    const cells = [...table.querySelectorAll<HTMLElement>(headShown ? 'th, td' : 'tbody th, tbody td')];
    for (const cell of cells) {
      const box = cell.getBoundingClientRect();
      const name = cell.innerText.trim().slice(0, 40);
      if (box.width < 1 || box.height < 1) problems.push(`cell "${name}" has no size`);
      const cut = cutBy(box, cell);
      if (cut) problems.push(`cell "${name}" (${Math.round(box.left)}-${Math.round(box.right)} px) is cut by ${cut}`);
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const text = node.textContent!.trim();
        const element = node.parentElement!;
        if (!text || element.closest('.mantine-VisuallyHidden-root')) continue;
        // Where the headings row shows, each side's column name is not shown in the cell (checked apart).
        if (headShown && element.closest('[aria-hidden="true"]')) continue;
        if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
          problems.push(`"${text}" is not visible`);
          continue;
        }
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const line of range.getClientRects()) {
          const lineCut = cutBy(line, node);
          const outside =
            line.left < box.left - 0.5 || line.right > box.right + 0.5 || line.top < box.top - 0.5 || line.bottom > box.bottom + 0.5;
          if (lineCut || outside)
            problems.push(`"${text}" is cut (${Math.round(line.left)}-${Math.round(line.right)} px) by ${lineCut ?? 'its cell'}`);
        }
      }
    }
    return problems;
  }, id);
}

/** Each cell's visible column name on phones (null where none is shown), row by row. */
function shownColumnNames(page: Page, id: string) {
  return page.locator(`#${id} tbody tr`).evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll('td')].map((cell) => {
        const label = cell.querySelector('[aria-hidden="true"]');
        return label instanceof HTMLElement && label.checkVisibility() ? label.textContent.trim() : null;
      }),
    ),
  );
}

interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
  childIds?: string[];
}

/**
 * The table as Chromium's accessibility tree has it (what a screen reader is given): its name, and its
 * rows, each as [role, name] of its cells.
 */
async function accessibleTable(context: BrowserContext, page: Page, name: string) {
  const cdp = await context.newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  await cdp.detach();
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const role = (node: AXNode) => (node.ignored ? 'ignored' : (node.role?.value ?? ''));
  /** The nearest descendants with one of these roles (through ignored and generic nodes and row groups). */
  const find = (node: AXNode, roles: string[]): AXNode[] =>
    (node.childIds ?? [])
      .map((id) => byId.get(id))
      .filter((child): child is AXNode => child !== undefined)
      .flatMap((child) => (roles.includes(role(child)) ? [child] : find(child, roles)));
  const found = nodes.filter((node) => role(node) === 'table' && node.name?.value === name);
  if (found.length !== 1) return { tables: found.length, rows: [] };
  const clean = (text = '') => text.replace(/\s+/g, ' ').trim();
  const rows = find(found[0], ['row']).map((row) =>
    find(row, ['columnheader', 'rowheader', 'cell', 'gridcell']).map((cell) => [role(cell), clean(cell.name?.value)]),
  );
  return { tables: 1, rows };
}

describe.each([
  ['375 px', MOBILE],
  ['1280 px', DESKTOP],
])('comparison tables at %s', (_, viewport) => {
  const phone = viewport.width < 768;

  it.each(tables.map(({ route, block }) => [route, block] as const))(
    '%s: every cell and its text inside the screen and unclipped, each side named by its column',
    async (route, block) => {
      const { context, page, log, table } = await openTable(route, block, viewport);
      expect(await unreadable(page, block.id!)).toEqual([]);
      const { product, competitor } = block.columns;
      // Phones: each side under its column's name, the headings row visually hidden. Desktop: the headings row.
      expect(await shownColumnNames(page, block.id!)).toEqual(block.rows.map(() => (phone ? [product, competitor] : [null, null])));
      // Shown: the part of each heading inside the headings row (which clips it when visually hidden) has a size.
      const shownHeadings = await table.locator('thead th').evaluateAll((cells) =>
        cells.map((cell) => {
          const box = cell.getBoundingClientRect();
          const row = cell.closest('thead')!.getBoundingClientRect();
          return (
            Math.min(box.right, row.right) - Math.max(box.left, row.left) > 1 &&
            Math.min(box.bottom, row.bottom) - Math.max(box.top, row.top) > 1
          );
        }),
      );
      expect(shownHeadings).toEqual([!phone, !phone, !phone]);
      expect(log.errors).toEqual([]);
      await context.close();
    },
  );

  it.each(tables.map(({ route, block }) => [route, block] as const))(
    "%s: Chromium's accessibility tree has the table: its rows, column headers, row headers and cells; axe finds nothing",
    async (route, block) => {
      const { context, page } = await openTable(route, block, viewport);
      const { marks, columns, rows } = block;
      const said = (side: ComparisonTableBlock['rows'][number]['product']) =>
        `${side.available ? marks.yes : marks.no}: ${side.description}`;
      expect(await accessibleTable(context, page, block.heading!)).toEqual({
        tables: 1,
        rows: [
          [
            ['columnheader', columns.feature],
            ['columnheader', columns.product],
            ['columnheader', columns.competitor],
          ],
          ...rows.map((row) => [
            ['rowheader', row.feature],
            ['cell', said(row.product)],
            ['cell', said(row.competitor)],
          ]),
        ],
      });
      expect(await axeViolations(page, `#${block.id}`)).toEqual([]);
      await context.close();
    },
  );
});
