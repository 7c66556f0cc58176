/**
 * The build's social card stage (write-site.ts runs it, so a build and every publish's release both do): each page of
 * each language whose social image is generated (src/render/social-image.ts) gets its card in the site's folder, at
 * the address its head names, from the card cache (social-card-cache.ts; drawn only when missing). Every page is
 * covered, not only those rendered: an incremental publish starts from an empty folder and gets every card, and a
 * changed title, which re-renders its page, names and draws a new card.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { resolveContent } from '../../src/engine/model/resolve';
import { socialImageOf, type SocialCard } from '../../src/render/social-image';
import type { BuildLocale } from './check-content';
import type { BuildSettings } from './settings';
import { SocialCardCache } from './social-card-cache';

export interface WrittenCards {
  /** The card files written into the site's folder (the pseudo-locales' aside), inside it. */
  files: string[];
  drawn: number;
  reused: number;
  /** How long the stage took, in ms. */
  took: number;
}

/** `cache`: where cards are kept between builds (a test gives its own). */
export async function writeSocialCards(
  locales: readonly BuildLocale[],
  { dist, pseudoDist }: Pick<BuildSettings, 'dist' | 'pseudoDist'>,
  cache = new SocialCardCache(),
): Promise<WrittenCards> {
  const started = performance.now();
  const targets = new Map<string, SocialCard>();
  const files = new Set<string>();
  for (const locale of locales) {
    const folder = locale.pseudo ? pseudoDist : dist;
    if (!folder) continue;
    const { config, locale: pageLocale } = locale.siteData;
    for (const page of locale.pages) {
      // The title as the page's head has it: placeholders resolved.
      const meta = resolveContent(page.doc.meta, config, locale.collections, pageLocale.tag);
      const { generated } = socialImageOf({ meta }, config, pageLocale, locale.media);
      if (!generated) continue;
      const target = join(folder, generated.file);
      if (!targets.has(target)) targets.set(target, generated.card);
      if (!locale.pseudo) files.add(generated.file);
    }
  }
  // Every card at once, so those missing are drawn on every core.
  const cached = await cache.files([...targets.values()]);
  [...targets.keys()].forEach((target, index) => {
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(cached[index]!, target);
  });
  return { files: [...files], drawn: cache.drawn, reused: cache.reused, took: performance.now() - started };
}
