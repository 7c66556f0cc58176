/** Checks across documents: links (schemes, site: keys, routes, anchors), placeholders, SEO lengths. */
import { didYouMean } from '../../../lib/did-you-mean';
import { BUTTON_TARGET_PATTERN, linkSchemeHint, PANELS } from '../../model/links';
import type { PageMeta } from '../page-schema';
import type { JsonPath, Location, Problem } from '../../model/problems';
import { siteHrefs, TOKEN_PATTERN } from '../../model/resolve';
import { DESCRIPTION_AIM, TITLE_AIM } from '../../model/seo-aims';
import type { SiteConfig } from '../../model/site-schema';

/** Where a path of the checked document is written. */
export type Locate = (path: JsonPath) => Location;

/** Route -> the anchor ids of its page ('unknown' when its document could not be read). */
export type AnchorsByRoute = Map<string, Set<string> | 'unknown'>;

/**
 * Calls `visit` for every value in a JSON tree (except `$schema`), with its path; the root has an empty path.
 * The path is one array the walk changes as it goes (a copy for every value of every document, in every language,
 * made the walks about a tenth of `npm run validate`): read it during the call, copy it to keep it.
 */
export function walkJson(node: unknown, visit: (value: unknown, path: readonly PropertyKey[]) => void) {
  const path: PropertyKey[] = [];
  const walk = (value: unknown) => {
    visit(value, path);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        walk(value[i]);
        path.pop();
      }
    } else if (value && typeof value === 'object') {
      for (const key in value) {
        if (key === '$schema' || !Object.hasOwn(value, key)) continue;
        path.push(key);
        walk((value as Record<string, unknown>)[key]);
        path.pop();
      }
    }
  };
  walk(node);
}

/** Strings stored under a matching key name anywhere in the tree. */
export function forEachKeyed(node: unknown, key: RegExp, visit: (value: string, path: readonly PropertyKey[]) => void) {
  walkJson(node, (value, path) => {
    if (typeof value === 'string' && key.test(String(path.at(-1)))) visit(value, path);
  });
}

/** Link fields: `href`, and fields named for a link (`ctaUrl`, `moreHref`, ...). */
const LINK_KEY = /^href$|Href$|Url$/;

export function checkLinks(
  doc: unknown,
  locate: Locate,
  ownRoute: string | null,
  anchorsByRoute: AnchorsByRoute,
  site: SiteConfig,
  problems: Problem[],
) {
  const siteKeys = Object.keys(siteHrefs(site));
  forEachKeyed(doc, LINK_KEY, (href, path) => {
    const fail = (message: string, hint: string) => problems.push({ ...locate(path), message, hint, severity: 'error' });
    // Which fields may open a panel is the schemas' business (buttons only); here, what any target may be.
    if (!BUTTON_TARGET_PATTERN.test(href)) return fail(`link scheme not allowed in ${JSON.stringify(href)}`, linkSchemeHint(href));
    if (href.startsWith('panel:')) {
      const panel = href.slice(6);
      const panels = PANELS.map((name) => `panel:${name}`);
      if (!(PANELS as readonly string[]).includes(panel))
        fail(`unknown panel ${JSON.stringify(href)}`, `${didYouMean(href, panels)}panels: ${panels.join(', ')}`);
      return;
    }
    if (href.startsWith('site:')) {
      const key = href.slice(5);
      if (!siteKeys.includes(key))
        fail(
          `unknown site link ${JSON.stringify(href)}`,
          `${didYouMean(
            href,
            siteKeys.map((known) => `site:${known}`),
          )}the site links are ${siteKeys.map((known) => `site:${known}`).join(', ')} (pages-json/_site.json)`,
        );
      return;
    }
    if (!href.startsWith('/') && !href.startsWith('#')) return;
    const [pathAndQuery, anchor] = href.split('#');
    const pathPart = pathAndQuery.split('?')[0];
    const route = pathPart === '' ? ownRoute : pathPart.replace(/\/$/, '') || '/';
    if (route === null)
      return fail(`the in-page anchor ${JSON.stringify(href)} has no page to point into`, 'write the page too: /path#anchor');
    const anchors = anchorsByRoute.get(route);
    if (!anchors) return fail(`broken link: no page has the route ${route}`, routeHint(route, anchorsByRoute));
    if (anchor && anchors !== 'unknown' && !anchors.has(anchor)) {
      fail(
        `broken link: ${route} has no block with id ${JSON.stringify(anchor)}`,
        anchors.size
          ? `${didYouMean(anchor, anchors)}ids on that page: ${[...anchors].join(', ')}`
          : 'that page has no block ids: give the block an "id"',
      );
    }
  });
}

/**
 * What to write instead of a route that does not exist: a section of another page with that name ("/pricing" ->
 * "/#pricing"), a route spelled alike, or the file that would create it.
 */
function routeHint(route: string, anchorsByRoute: AnchorsByRoute): string {
  const name = route.split('/').pop() ?? '';
  for (const [page, anchors] of anchorsByRoute) {
    if (anchors !== 'unknown' && anchors.has(name)) return `did you mean "${page}#${name}", the ${name} section of ${page}?`;
  }
  const similar = didYouMean(route, anchorsByRoute.keys());
  return `${similar}check the path, or add pages-json${route === '/' ? '/index.json' : `${route}.json`} to create the page`;
}

/** A button's `placement` names where a chat started: it means something only on a panel:chat button. */
export function checkPlacements(doc: unknown, locate: Locate, problems: Problem[]) {
  walkJson(doc, (value, path) => {
    if (!value || typeof value !== 'object' || Array.isArray(value) || !('placement' in value)) return;
    const { href } = value as { href?: unknown };
    if (href === 'panel:chat') return;
    problems.push({
      ...locate([...path, 'placement']),
      message: `a placement only applies to a panel:chat button, not to ${JSON.stringify(href)}`,
      hint: 'remove "placement", or make the button open the chat with "href": "panel:chat"',
      severity: 'error',
    });
  });
}

/** Placeholders a block fills itself, allowed in the fields of that name: a library's result line, a mail subject, a dated line. */
const RUNTIME_PLACEHOLDERS: Record<string, readonly string[]> = {
  count: ['shown', 'total'],
  applySubject: ['position'],
  copy: ['value'],
  copied: ['value'],
  orMore: ['figure'],
  from: ['figure'],
  line: ['date'],
};

/** Every `{placeholder}` must be one the site knows (`known`), or a field of the page's record in a template (`record.<field>`). */
export function checkTokens(
  doc: unknown,
  locate: Locate,
  known: ReadonlySet<string>,
  problems: Problem[],
  recordFields: readonly string[] = [],
) {
  walkJson(doc, (text, path) => {
    if (typeof text !== 'string') return;
    for (const [, name] of text.matchAll(TOKEN_PATTERN)) {
      if (known.has(name) || (name.startsWith('record.') && recordFields.includes(name.slice(7)))) continue;
      if (RUNTIME_PLACEHOLDERS[String(path.at(-1))]?.includes(name)) continue;
      const simple = [...known].filter((token) => !token.includes('.')).map((token) => `{${token}}`);
      const candidates = [...known, ...recordFields.map((field) => `record.${field}`)];
      problems.push({
        ...locate(path),
        message: `unknown placeholder {${name}}`,
        hint: `${didYouMean(name, candidates, (token) => `{${token}}`)}known placeholders: ${simple.join(', ')}, a collection figure such as {plans.growth.price}${recordFields.length ? ', or {record.<field>}' : ''}`,
        severity: 'error',
      });
    }
  });
}

export function checkSeo(meta: PageMeta, locate: Locate, problems: Problem[]) {
  const { title, description } = meta;
  if (title.length > TITLE_AIM.max) {
    problems.push({
      ...locate(['meta', 'title']),
      message: `title is ${title.length} characters; search engines cut titles after about ${TITLE_AIM.max}`,
      hint: `shorten it to ${TITLE_AIM.max} characters or fewer: the page first, then " | Reachwell"`,
      severity: 'warning',
    });
  }
  const { min, max } = DESCRIPTION_AIM;
  if (description.length < min || description.length > max) {
    problems.push({
      ...locate(['meta', 'description']),
      message: `description is ${description.length} characters; aim for ${min}-${max}`,
      hint: `one or two sentences on what a searcher finds on the page, ${min} to ${max} characters`,
      severity: 'warning',
    });
  }
}
