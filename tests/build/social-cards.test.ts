/**
 * Every page the build writes, in every language (each route and each language's not-found page), names its social
 * card: og:image at an absolute address whose file is in the site's folder, a 1200x630 PNG, with og:image:width,
 * og:image:height and og:image:alt (its title with the brand, so in the page's language) and a large Twitter card.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../test-support/browser';
import { builtRoutes } from '../../test-support/routes';

const ROOT = join(import.meta.dirname, '..', '..');
const site = JSON.parse(readFileSync(join(ROOT, 'pages-json', '_site.json'), 'utf8'));
const ORIGIN: string = site.origin;
const languages: { code: string; prefix: string }[] = site.locales;

const pages = readdirSync(DIST_DIR, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
  .map((entry) => relative(DIST_DIR, join(entry.parentPath, entry.name)));

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const metaOf = (html: string, attr: 'property' | 'name', key: string) => {
  const found = new RegExp(`<meta ${attr}="${key}" content="([^"]*)" />`).exec(html)?.[1];
  return found === undefined ? undefined : unescape(found);
};

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string) {
  const bytes = readFileSync(file);
  return { png: bytes.subarray(1, 4).toString('latin1') === 'PNG', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('social cards', () => {
  it('are named by every page in every language, each an existing 1200x630 PNG with its size and alt in the language', () => {
    expect(pages.length).toBe(languages.length * (builtRoutes().length + 1));
    for (const page of pages) {
      const html = readFileSync(join(DIST_DIR, page), 'utf8');
      const image = metaOf(html, 'property', 'og:image');
      // A generated card, or (a page with meta.image) that image made 1200x630 by the image stage.
      const origin = ORIGIN.replace(/\./g, '\\.');
      const generated = new RegExp(`^${origin}/social/[0-9a-f]{16}\\.png$`).test(image ?? '');
      expect(image, page).toMatch(new RegExp(`^${origin}/(social/[0-9a-f]{16}|_img/[a-z0-9-]+-1200x630)\\.png$`));
      const file = join(DIST_DIR, image!.slice(ORIGIN.length));
      expect(existsSync(file), `${page}: ${image}`).toBe(true);
      expect(pngSize(file), page).toEqual({ png: true, width: 1200, height: 630 });
      expect(metaOf(html, 'property', 'og:image:width'), page).toBe('1200');
      expect(metaOf(html, 'property', 'og:image:height'), page).toBe('630');
      const title = unescape(/<title>([^<]*)<\/title>/.exec(html)![1]);
      const alt = metaOf(html, 'property', 'og:image:alt');
      if (generated) expect(alt, page).toBe(title.includes('Reachwell') ? title : `${title} | Reachwell`);
      else expect(alt, page).toMatch(/\S/); // the image's own alt text, in the page's language
      expect(metaOf(html, 'name', 'twitter:card'), page).toBe('summary_large_image');
      expect(metaOf(html, 'name', 'twitter:image'), page).toBe(image);
    }
  });

  it('differ between languages: each language’s card shows its own title', () => {
    const card = (prefix: string) => metaOf(readFileSync(join(DIST_DIR, prefix, 'terms', 'index.html'), 'utf8'), 'property', 'og:image');
    const alt = (prefix: string) => metaOf(readFileSync(join(DIST_DIR, prefix, 'terms', 'index.html'), 'utf8'), 'property', 'og:image:alt');
    expect(new Set(languages.map(({ prefix }) => card(prefix))).size).toBe(languages.length);
    expect(alt('de')).toBe('Nutzungsbedingungen | Reachwell');
    expect(alt('es')).toBe('Términos del servicio | Reachwell');
  });
});
