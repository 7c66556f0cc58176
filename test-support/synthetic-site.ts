/**
 * A synthetic site for benchmarks (bench:build, bench:publish) and tests: the real configuration and not-found page,
 * three menu pages, and N library pages, English only. Every page's text is its own (as a real site's is), so a build
 * renders each page's sections rather than reusing the last page's.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CONTENT_DIR } from '../src/engine/load/content-env';

/** One synthetic page: a hero, six cards, three stats, five questions and a call to action, all its own text. */
function syntheticPage(i: number, title: string) {
  return {
    meta: {
      title,
      description: `Synthetic page ${i} used to measure how validation and prerendering scale with page count.`,
      nav: { order: i },
    },
    blocks: [
      {
        type: 'Hero',
        heading: `Page ${i}`,
        subheading: 'A synthetic page.',
        buttons: [
          { label: 'Get Started Free', href: 'site:signUp' },
          { label: 'Learn More', href: '#benefits' },
        ],
      },
      {
        type: 'CardGrid',
        id: 'benefits',
        heading: 'Benefits',
        cards: Array.from({ length: 6 }, (_, c) => ({
          icon: 'bolt',
          title: `Benefit ${c} of page ${i}`,
          description: `Every message of page ${i} reviewed before delivery, in 50+ languages.`,
        })),
      },
      {
        type: 'StatBand',
        stats: [
          { value: '5X', label: `Engagement ${i}` },
          { value: '40%', label: `Higher revenue ${i}` },
          { value: '60%', label: `Lower costs ${i}` },
        ],
      },
      {
        type: 'FAQ',
        items: Array.from({ length: 5 }, (_, q) => ({ question: `Question ${q} of page ${i}?`, answer: `A clear answer for page ${i}.` })),
      },
      { type: 'CallToAction', heading: `Get Started with page ${i}`, buttons: [{ label: 'Book Demo', href: 'site:scheduling' }] },
    ],
  };
}

/** Writes a synthetic site of `pages` pages into `<into>/pages-json/` (emptied first) and returns that folder. */
export function syntheticSite(pages: number, into: string): string {
  const dir = join(into, 'pages-json');
  rmSync(dirname(dir), { recursive: true, force: true });
  mkdirSync(join(dir, 'library'), { recursive: true });
  const site = JSON.parse(readFileSync(join(CONTENT_DIR, '_site.json'), 'utf8'));
  site.header.menus = [{ label: 'Channels', section: 'channels' }];
  site.footer.groups = [{ label: 'Channels', entries: [{ label: 'Channels', section: 'channels' }] }];
  site.promoBanner.link = { label: 'Library', href: '/library/page-0' };
  // English only: the synthetic pages have no translations, which a complete language refuses (so the bench failed
  // once Spanish and German were complete), and the figure that is compared over time is 1,000 English pages.
  site.locales = site.locales.slice(0, 1);
  writeFileSync(join(dir, '_site.json'), JSON.stringify(site));
  cpSync(join(CONTENT_DIR, '404.json'), join(dir, '404.json'));
  writeFileSync(join(dir, 'index.json'), JSON.stringify(syntheticPage(0, 'Home')));
  mkdirSync(join(dir, 'channels'));
  for (const name of ['email', 'sms', 'voice'])
    writeFileSync(join(dir, 'channels', `${name}.json`), JSON.stringify(syntheticPage(1, name)));
  for (let i = 0; i < pages - 5; i++)
    writeFileSync(join(dir, 'library', `page-${i}.json`), JSON.stringify(syntheticPage(i, `Library page ${i}`)));
  return dir;
}

/**
 * A small site with the real story page (and its image) among `pages` synthetic ones, written into `<into>/pages-json/`,
 * and any more of the real site's files named in `also` (`_collections/plans.json`): for tests of the hosted editor
 * that save, publish and restart many times. Every save and publish validates the whole site and a publish builds it;
 * the real site's 160 pages in 5 languages took 1.5-4 s of CPU a validation on a busy machine, this one a tenth of that.
 */
export function storySite(pages: number, into: string, also: string[] = [], { languages = false } = {}): string {
  const dir = syntheticSite(pages, into);
  const files = ['story.json', '_media/story-hero.json', '_media/story-hero.png', ...also];
  for (const file of files) copyReal(file, dir);
  if (languages) {
    // The real site's languages, with the real files' translations (the synthetic pages have none: shown in English).
    const site = JSON.parse(readFileSync(join(dir, '_site.json'), 'utf8'));
    site.locales = JSON.parse(readFileSync(join(CONTENT_DIR, '_site.json'), 'utf8')).locales;
    writeFileSync(join(dir, '_site.json'), JSON.stringify(site));
    for (const code of readdirSync(join(CONTENT_DIR, '_translations')))
      for (const file of files.filter((name) => name.endsWith('.json')))
        if (existsSync(join(CONTENT_DIR, '_translations', code, file))) copyReal(join('_translations', code, file), dir);
  }
  return dir;
}

const copyReal = (file: string, dir: string) => {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  cpSync(join(CONTENT_DIR, file), join(dir, file));
};
