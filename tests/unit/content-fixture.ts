/** Writes a small content folder to a temp dir, so validation tests can break one thing at a time. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { formatProblem } from '../../src/engine/model/problems';
import { loadContent } from '../../src/engine/load/load-content';

const REAL_SITE = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'pages-json', '_site.json'), 'utf8'));

/** A site configuration whose menus only use the fixture's own pages; in English only (tests/unit/i18n.test.ts adds languages). */
export function fixtureSite() {
  const { locales: _locales, ...site } = REAL_SITE;
  return {
    ...site,
    header: { ...site.header, menus: [{ label: 'Channels', section: 'channels' }] },
    footer: { ...site.footer, groups: [{ label: 'Company', entries: [{ label: 'Terms', href: '/terms' }] }] },
    promoBanner: { ...site.promoBanner, link: { label: 'Terms', href: '/terms' } },
  };
}

let pageCount = 0;

/** A page document; each gets its own title and description (two pages may not share them). */
export const page = (blocks: unknown[], meta: Record<string, unknown> = {}) => {
  pageCount++;
  return {
    meta: {
      title: `Page ${pageCount} | Reachwell`,
      description: `Page ${pageCount}: a description that is long enough to pass the fifty character check.`,
      ...meta,
    },
    blocks,
  };
};

export const hero = { type: 'Hero', heading: 'Hello' };

export function baseFiles(): Record<string, unknown> {
  return {
    '_site.json': fixtureSite(),
    'index.json': page([hero, { type: 'FAQ', id: 'faq', items: [{ question: 'Q?', answer: 'A.' }] }]),
    '404.json': page([{ type: 'NotFound', code: '404', message: 'Oops! Page not found', homeLink: { label: 'Home', href: '/' } }]),
    'terms.json': page([hero]),
    'channels/email.json': page([hero], { nav: { label: 'Email', order: 1 } }),
  };
}

/** Site-wide warnings a small fixture always draws (pages it does not link to, site links it does not use); tested on their own. */
const SITE_WIDE = /: nothing links to |is defined but no page uses it/;

/**
 * Writes `files` (objects are JSON-encoded, strings written as they are) and validates them;
 * `siteWide` keeps the orphan-page and unused-value warnings.
 */
export function validateFiles(files: Record<string, unknown>, { siteWide = false } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'content-'));
  const dir = join(root, 'pages-json');
  for (const [name, value] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, typeof value === 'string' || Buffer.isBuffer(value) ? value : JSON.stringify(value, null, 2));
  }
  const result = loadContent(dir, root);
  const problems = siteWide ? result.problems : result.problems.filter((p) => !SITE_WIDE.test(formatProblem(p)));
  return { ...result, problems, dir, root };
}
