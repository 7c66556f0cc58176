/**
 * A page's social image (og:image, twitter:image): its own `meta.image` when it has one, otherwise the card the build
 * draws from its title and the brand (scripts/build/social-cards.ts). A card's address is a hash of everything it
 * shows, so a changed title is a new address: social networks and CDNs keep an image by its address, and an old card
 * can never stand for a new title (the server caches /social/ for a year, as it does /assets/).
 * One function, `socialImageOf`, decides: head.ts and the build's card stage both ask it, so they always agree.
 */
import { createHash } from 'node:crypto';
import type { MediaLibrary } from '../engine/model/media';
import { sharedImageOf } from '../engine/model/picture';
import type { SiteConfig } from '../engine/model/site-schema';
import type { PageLocale } from '../engine/model/site-data';
import { plainText } from '../lib/foreign-text';

export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const;

/**
 * The card's drawing: bump it whenever scripts/build/social-card-template.ts, its fonts or the satori/resvg versions
 * change how a card looks, so every card gets a new address (the build's own cache is keyed by the font files and
 * those versions already; this number is what tells social networks and CDNs).
 */
const CARD_DESIGN = 1;

/** Where the build writes the cards inside the site's folder. */
const SOCIAL_CARD_FOLDER = 'social';

/** What a generated card shows, all of it in the page's language. */
export interface SocialCard {
  /** The page's title without a trailing "| Reachwell": the brand is on the card already. */
  title: string;
  brand: string;
  tagline: string;
  /** The site's host, printed in a corner: `www.reachwell.example`. */
  host: string;
  lang: string;
  dir: 'ltr' | 'rtl';
}

export interface SocialImage {
  /** Absolute: social networks do not resolve a relative og:image. */
  url: string;
  width?: number;
  height?: number;
  /** In the page's language. */
  alt?: string;
  /** Set when the build draws it: what it shows, and its file inside the site's folder (`social/<hash>.png`). */
  generated?: { card: SocialCard; file: string };
}

/** The page fields a social image is made from (after placeholders are resolved). */
interface PageMeta {
  meta: { title: string; image?: string };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The title as a card shows it: "AI Email Agents | Reachwell" is "AI Email Agents" beside the brand. */
function cardTitle(title: string, brand: string): string {
  const trimmed = title.replace(new RegExp(`\\s*[|–—-]\\s*${escapeRegExp(brand)}\\s*$`), '').trim();
  return trimmed || title;
}

/** The card's file, named by what it shows and how it is drawn. */
function socialCardFile(card: SocialCard): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([CARD_DESIGN, card.title, card.brand, card.tagline, card.host, card.lang, card.dir]))
    .digest('hex')
    .slice(0, 16);
  return `${SOCIAL_CARD_FOLDER}/${hash}.png`;
}

/**
 * The page's social image in its language. `meta.image` wins: an image of the media library (pages-json/_media/), made
 * 1200x630 around its focal point by the build's image stage, with its alt text in the page's language; otherwise the
 * generated card, 1200x630, with the title and the brand as its alt text.
 */
export function socialImageOf(
  page: PageMeta,
  site: Pick<SiteConfig, 'origin'> & { brand: Pick<SiteConfig['brand'], 'productName' | 'tagline'> },
  locale: Pick<PageLocale, 'code' | 'dir'>,
  media?: MediaLibrary,
): SocialImage {
  const shared = sharedImageOf(media, page.meta.image);
  if (shared)
    return { url: `${site.origin}${shared.url}`, width: shared.width, height: shared.height, alt: plainText(shared.alt) || undefined };
  const title = plainText(page.meta.title);
  const brand = site.brand.productName;
  const card: SocialCard = {
    title: cardTitle(title, brand),
    brand,
    tagline: plainText(site.brand.tagline),
    host: new URL(site.origin).host,
    lang: locale.code,
    dir: locale.dir,
  };
  const file = socialCardFile(card);
  const alt = title.includes(brand) ? title : `${title} | ${brand}`;
  return { url: `${site.origin}/${file}`, ...SOCIAL_CARD_SIZE, alt, generated: { card, file } };
}
