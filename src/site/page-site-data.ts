/**
 * The site data of the page's language, for its islands: a module of its own per language (the build writes
 * one into dist/assets, the dev server serves one), whose address the page carries on `<html data-site-data>`.
 * Every language is delivered alike, and the page's HTML carries none of it. No React here: the entry starts
 * this import alongside the providers' chunk.
 */
import type { SiteData } from '../engine/model/site-data';

export const SITE_DATA_ATTR = 'data-site-data';

/** The page's site data; `fresh` loads it again, past the browser's module cache (the dev server's live preview, after a save). */
export async function loadPageSiteData({ fresh = false } = {}): Promise<SiteData> {
  const address = document.documentElement.getAttribute(SITE_DATA_ATTR);
  if (!address) throw new Error(`The page has no ${SITE_DATA_ATTR} attribute, so its islands have no site data.`);
  const module = (await import(/* @vite-ignore */ fresh ? `${address}?t=${Date.now()}` : address)) as { default: SiteData };
  return module.default;
}
