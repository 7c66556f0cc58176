/** The `<head>` tags of one prerendered page: title, description, canonical, social tags, JSON-LD. */
import { escapeHtml, inlineJson } from './html';
import type { MediaLibrary } from '../engine/model/media';
import type { PageDoc } from '../engine/load/page-schema';
import { ENGLISH, type SiteConfig } from '../engine/model/site-schema';
import type { Collections } from '../engine/model/collections';
import { indexedIn, localizedHref, pageLocale, type PageLocale, type SiteLanguage } from '../engine/model/site-data';
import { plainText } from '../lib/foreign-text';
import { socialImageOf } from './social-image';
import { structuredData } from './structured-data';

export interface HeadResult {
  html: string;
  /** Inline script bodies, for the Content-Security-Policy hashes. */
  inlineScripts: string[];
}

/**
 * The page's language and its other languages: canonical and og:url point at this language's page; hreflang
 * alternates (and x-default, the default language) join the languages where the page is indexed, each to the same
 * page. A page kept out of search in its language (a preview language, or mostly untranslated) is noindex, with none.
 */
export interface HeadLanguages {
  locale: PageLocale;
  languages: SiteLanguage[];
}

const ENGLISH_ONLY: HeadLanguages = { locale: pageLocale(ENGLISH), languages: [] };

export function headTags(
  page: PageDoc,
  route: string | null,
  site: SiteConfig,
  collections?: Partial<Collections>,
  { locale, languages }: HeadLanguages = ENGLISH_ONLY,
  media?: MediaLibrary,
): HeadResult {
  // Head tags and structured data hold plain text: an untranslated text's mark becomes a span in the body only.
  const { canonical, noindex } = page.meta;
  const [title, description] = [plainText(page.meta.title), plainText(page.meta.description)];
  const url = `${site.origin}${localizedHref(canonical ?? route ?? '/', locale.prefix)}`;
  const own = languages.find((language) => language.code === locale.code);
  const indexed = !noindex && route !== null && (!own || indexedIn(own, route));
  const indexedLanguages = route === null ? [] : languages.filter((language) => indexedIn(language, route));
  const alternates =
    indexed && indexedLanguages.length > 1
      ? [
          ...indexedLanguages.map((language) => [language.code, `${site.origin}${localizedHref(canonical ?? route, language.prefix)}`]),
          ...(indexedLanguages[0] === languages[0] ? [['x-default', `${site.origin}${canonical ?? route}`]] : []),
        ]
      : [];
  const image = socialImageOf(page, site, locale, media);
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    route !== null ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '',
    ...alternates.map(([lang, href]) => `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(href)}" />`),
    indexed || route === null || noindex ? '' : meta('name', 'robots', 'noindex'),
    noindex || route === null ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:locale', locale.ogLocale),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.brand.productName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    route !== null ? meta('property', 'og:url', url) : '',
    meta('property', 'og:image', image.url),
    image.width ? meta('property', 'og:image:width', String(image.width)) : '',
    image.height ? meta('property', 'og:image:height', String(image.height)) : '',
    image.alt ? meta('property', 'og:image:alt', image.alt) : '',
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image.url),
    image.alt ? meta('name', 'twitter:image:alt', image.alt) : '',
  ];
  const inlineScripts = structuredData(page, site, collections).map((data) => plainText(inlineJson(data)));
  for (const json of inlineScripts) tags.push(`<script type="application/ld+json">${json}</script>`);
  return { html: tags.filter(Boolean).join('\n    '), inlineScripts };
}
