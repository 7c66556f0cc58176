/**
 * Checks across the whole site that no schema can make: pages nothing links to, titles and
 * descriptions two pages share, images without alt text, `site:` links and placeholders the
 * configuration defines but nothing uses, and scaffolded placeholder text still to replace.
 */
import { walkJson } from './content-checks';
import { problemAt, type Problem, type SourceDocument } from '../../model/problems';
import { siteHrefs, SITE_PLACEHOLDERS, TOKEN_PATTERN } from '../../model/resolve';
import type { SiteConfig } from '../../model/site-schema';
import { menuPages } from '../site-data-of';
import type { LoadedPage } from '../content-types';
import { MARK_CHARACTERS } from '../../../lib/foreign-text';

/** The marker `npm run new-page` puts in text the marketer still has to write. */
export const TODO_MARKER = 'TODO:';

/** Internal routes a JSON tree links to: `/use-cases?industry=SaaS#top` -> `/use-cases`. */
function linkedRoutes(node: unknown, into: Set<string>) {
  walkJson(node, (value) => {
    if (typeof value === 'string' && value.startsWith('/')) into.add(value.split(/[?#]/)[0].replace(/(.)\/$/, '$1'));
  });
}

/** A page is reached from a link in a document or the site configuration, or from a menu its folder fills. */
export function checkOrphans(
  pages: LoadedPage[],
  site: SiteConfig,
  others: unknown[],
  display: (file: string) => string,
  problems: Problem[],
) {
  const linked = new Set<string>(['/']);
  for (const page of pages) linkedRoutes(page.doc, linked);
  for (const doc of [site, ...others]) linkedRoutes(doc, linked);
  const menuSections = new Set<string>();
  walkJson(site, (value, path) => {
    if (path.at(-1) === 'section' && typeof value === 'string') menuSections.add(value);
  });
  for (const page of menuPages(pages)) if (menuSections.has(page.section)) linked.add(page.route);
  for (const page of pages) {
    if (page.route === null || linked.has(page.route)) continue;
    problems.push({
      file: display(page.file),
      where: '',
      pointer: '',
      message: `nothing links to ${page.route}: visitors can only reach it by typing its address`,
      hint: page.doc.meta.nav?.hidden
        ? 'link to it from another page, or remove "hidden" from meta.nav so its folder menu lists it'
        : `link to it from another page, or list its folder (${page.section || 'the top level'}) as a menu in pages-json/_site.json`,
      severity: 'warning',
    });
  }
}

/** Two pages with one title cannot be told apart in search results and tabs (error); a shared description is weak (warning). */
export function checkDuplicateMeta(pages: LoadedPage[], display: (file: string) => string, problems: Problem[]) {
  for (const field of ['title', 'description'] as const) {
    const first = new Map<string, LoadedPage>();
    for (const page of pages) {
      const value = page.doc.meta[field];
      const earlier = first.get(value);
      if (!earlier) {
        first.set(value, page);
        continue;
      }
      problems.push({
        ...page.locate(['meta', field]),
        message: `the same ${field} as ${display(earlier.file)}`,
        hint: `give each page its own ${field}`,
        severity: field === 'title' ? 'error' : 'warning',
      });
    }
  }
}

/** A check of each value of a document on its own, given every value of one walk (walkJson's path: copy it to keep it). */
type ValueCheck = (source: SourceDocument, problems: Problem[]) => (value: unknown, path: readonly PropertyKey[]) => void;

/** Any object with an image `src` needs alt text, unless it says it is decorative. */
const imageAlt: ValueCheck = (source, problems) => (node, path) => {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  const { src, alt, decorative } = node as { src?: unknown; alt?: unknown; decorative?: unknown };
  if (typeof src !== 'string' || decorative === true) return;
  if (typeof alt === 'string' && alt.trim()) return;
  problems.push(
    problemAt(source, [...path, 'alt'], `the image ${JSON.stringify(src)} has no alt text`, {
      hint: 'describe what the image shows for people who cannot see it, or set "decorative": true if it adds nothing',
    }),
  );
};

/** `site:` links and site placeholders that no document, template, collection or the configuration itself uses. */
export function checkUnusedSiteValues(site: SiteConfig, documents: unknown[], siteDisplay: string, problems: Problem[]) {
  const usedLinks = new Set<string>();
  const usedTokens = new Set<string>();
  for (const doc of [site, ...documents]) {
    walkJson(doc, (value) => {
      if (typeof value !== 'string') return;
      if (value.startsWith('site:')) usedLinks.add(value.slice(5));
      for (const [, name] of value.matchAll(TOKEN_PATTERN)) usedTokens.add(name);
    });
  }
  for (const key of Object.keys(siteHrefs(site)).filter((k) => !usedLinks.has(k))) {
    problems.push({
      file: siteDisplay,
      where: '',
      pointer: '',
      message: `the site link "site:${key}" is defined but no page uses it`,
      hint: 'link to it where it belongs, or tell a developer it can go',
      severity: 'warning',
    });
  }
  for (const token of SITE_PLACEHOLDERS.filter((t) => !usedTokens.has(t))) {
    problems.push({
      file: siteDisplay,
      where: '',
      pointer: '',
      message: `the placeholder {${token}} is defined but no page uses it`,
      hint: 'use it where the value appears, or tell a developer it can go',
      severity: 'warning',
    });
  }
}

/** Text `npm run new-page` left to write: named one by one, a warning while drafting and an error in the build. */
const todoText: ValueCheck = (source, problems) => (value, path) => {
  if (typeof value !== 'string' || !value.includes(TODO_MARKER)) return;
  problems.push(
    problemAt(source, path, `placeholder text to replace: ${JSON.stringify(value)}`, {
      hint: `write the real text; the build refuses pages with "${TODO_MARKER}" in them`,
      severity: 'warning',
      stopsBuild: true,
    }),
  );
};

/**
 * Text may not hold the invisible characters the build marks untranslated text with (src/lib/foreign-text.ts): pasted
 * from somewhere, one would show a part of the text as another language's, or break the page's HTML.
 */
const markCharacters: ValueCheck = (source, problems) => (value, path) => {
  if (typeof value !== 'string' || !MARK_CHARACTERS.test(value)) return;
  const [char] = MARK_CHARACTERS.exec(value)!;
  problems.push(
    problemAt(source, path, `holds an invisible control character (U+${char.codePointAt(0)!.toString(16).toUpperCase()})`, {
      hint: 'delete it (it often comes along when text is pasted): the site uses it to mark text in another language',
    }),
  );
};

/**
 * The locales must be told apart and reachable: one code and one URL prefix each, the default (first) at the
 * root and the others under a prefix, and each fallback a listed language whose chain ends at the default.
 */
export function checkLocales(site: SiteConfig, source: SourceDocument, problems: Problem[]) {
  const locales = site.locales ?? [];
  const codes = locales.map((locale) => locale.code);
  locales.forEach((locale, index) => {
    const at = (field: string) => ['locales', index, field];
    if (codes.indexOf(locale.code) !== index)
      problems.push(
        problemAt(source, at('code'), `the language "${locale.code}" is listed twice`, { hint: 'keep one entry per language' }),
      );
    const samePrefix = locales.findIndex((other) => other.prefix === locale.prefix);
    if (samePrefix !== index)
      problems.push(
        problemAt(source, at('prefix'), `the prefix "${locale.prefix}" is also ${codes[samePrefix]}'s: their pages would share addresses`, {
          hint: 'give each language its own prefix, such as its code',
        }),
      );
    if (index === 0 && locale.prefix !== '')
      problems.push(
        problemAt(source, at('prefix'), 'the default language (the first) keeps the site\'s addresses: its prefix must be ""', {
          hint: 'set "prefix": "" here, or move the default language first',
        }),
      );
    if (index > 0 && locale.prefix === '' && samePrefix === index)
      problems.push(
        problemAt(source, at('prefix'), `${locale.code} has no prefix: its pages would take the default language's addresses`, {
          hint: `set "prefix": "${locale.code}"`,
        }),
      );
    if (locale.fallback === undefined) return;
    if (!codes.includes(locale.fallback) || locale.fallback === locale.code) {
      problems.push(
        problemAt(source, at('fallback'), `the fallback "${locale.fallback}" is not another language of the site`, {
          hint: `use one of ${codes.filter((code) => code !== locale.code).join(', ')}, or remove it (the default language, ${codes[0]}, is the fallback then)`,
        }),
      );
      return;
    }
    const chain = [locale.code];
    for (let code: string | undefined = locale.fallback; code !== undefined; code = locales.find((l) => l.code === code)?.fallback) {
      if (chain.includes(code)) {
        problems.push(
          problemAt(source, at('fallback'), `the fallbacks go round in a circle: ${[...chain, code].join(' → ')}`, {
            hint: `let one of them fall back to the default language, ${codes[0]} (remove its "fallback")`,
          }),
        );
        return;
      }
      chain.push(code);
    }
  });
}

export const checkImageAlt = (source: SourceDocument, problems: Problem[]) => walkJson(source.doc, imageAlt(source, problems));

/**
 * Alt text, TODO text and stray marks, in one walk of the document (three walks of every document, in every language,
 * cost a few hundredths of a second); the problems in the order three walks gave them: each check's in turn.
 */
export function checkEachValue(source: SourceDocument, problems: Problem[]) {
  const found: Problem[][] = [[], [], []];
  const checks = [imageAlt, todoText, markCharacters].map((check, index) => check(source, found[index]));
  walkJson(source.doc, (value, path) => {
    for (const check of checks) check(value, path);
  });
  for (const list of found) problems.push(...list);
}
