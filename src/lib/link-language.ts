/**
 * What every link of a page needs to know about its language (given by the site's providers, read by src/ui/SiteLink):
 * the URL prefix of its pages, and which pages it has none of yet, whose links lead to the default language's page.
 */
import { createContext } from 'react';

export interface LinkLanguage {
  /** `es` on a Spanish page; '' in the default language. */
  prefix: string;
  /** Routes the page's language has no page for yet. */
  missing: ReadonlySet<string>;
  /** The default language's code, for `hreflang` on a link that leads to its page. */
  defaultLanguage: string;
  /** The tag shown beside such a link, in the page's language: "en inglés". */
  tag?: string;
}

export const LinkLanguageContext = createContext<LinkLanguage>({ prefix: '', missing: new Set(), defaultLanguage: 'en' });

/** The route a site path leads to (`/use-cases?industry=SaaS#top` -> `/use-cases`), or undefined for any other link. */
export const routeOfHref = (href: string) => (href.startsWith('/') && !href.startsWith('//') ? href.split(/[?#]/)[0] || '/' : undefined);
