/**
 * A marketer adds a use case with a landing page by writing one JSON file on the use-case template, in English only:
 * it ships at once, joins the library, the Use Cases menu and the footer; broken, it stops the build with a
 * pinpointed message. In Spanish and German, not translated yet, it has no page: their links lead to the English one,
 * marked as English, and no alternate or sitemap names a page that does not exist. Builds a copy of the real content.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSiteData, siteDataAddressIn } from './built-site-data';

const ROOT = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'new-use-case-'));
const content = join(work, 'pages-json');
const dist = join(work, 'dist');
const FILE = 'use-cases/churn-rescue-calls.json';

const cards = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ title: `Reason ${i + 1}`, description: `Why reason ${i + 1} brings customers back.` }));
const page = (benefitCards: number) => ({
  $schema: '../../schemas/templates/use-case.schema.json',
  template: 'use-case',
  meta: {
    title: 'Churn Rescue Calls | Reachwell',
    description: 'AI voice agents call customers who are about to cancel and save the account before it is lost.',
    nav: { order: 20 },
  },
  useCase: {
    title: 'Churn Rescue Calls',
    description: 'Voice agents call customers who asked to cancel, learn why, and offer the plan change or fix that keeps them.',
    impact: '18% of cancellations saved',
    timeToValue: '1 week',
    solution: 'Churn Prevention',
    industry: 'SaaS',
    lifecycle: 'Retention',
    highlight: false,
    channels: ['Voice'],
    icon: 'phone',
  },
  blocks: [
    { slot: 'hero', heading: 'Save customers before they cancel' },
    { slot: 'benefits', heading: 'Why rescue calls work', cards: cards(benefitCards) },
    {
      slot: 'capabilities',
      heading: 'What the agents do',
      items: ['Call within minutes', 'Ask why', 'Offer the right fix', 'Update the CRM', 'Respect opt-outs', 'Report saves'],
    },
  ],
});

function build() {
  return spawnSync(process.execPath, ['scripts/tools/run-bundled.mjs', 'scripts/build/build.ts'], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: content, DIST_DIR: dist },
    encoding: 'utf8',
  });
}
const html = (file: string) => readFileSync(join(dist, file), 'utf8');

beforeAll(() => {
  cpSync(join(ROOT, 'pages-json'), content, { recursive: true });
  writeFileSync(join(content, FILE), JSON.stringify(page(4), null, 2));
  const result = build();
  if (result.status !== 0) throw new Error(`build failed:\n${result.stderr}`);
});

describe('a new use-case page on the template', () => {
  it('is built at its route from the template: badge from its record, closing call to action from the template', () => {
    const built = html('use-cases/churn-rescue-calls/index.html');
    expect(built).toContain('Use Case: Churn Rescue Calls');
    expect(built).toContain('Save customers before they cancel');
    expect(built).toContain('Get Started Today');
  });

  it('joins the library, linked from its card', () => {
    const library = html('use-cases/index.html');
    expect(library).toContain('Voice agents call customers who asked to cancel');
    expect(library).toContain('href="/use-cases/churn-rescue-calls"');
  });

  it('joins the Use Cases menu (the menus ship in the site data the header loads)', () => {
    // Each language's site data is a module its pages name on <html data-site-data> (src/site/page-site-data.ts).
    const siteData = builtSiteData(dist, siteDataAddressIn(html('index.html'))!);
    expect(siteData.menus['use-cases']).toContainEqual({ label: 'Churn Rescue Calls', href: '/use-cases/churn-rescue-calls' });
  });

  it('joins the footer on every page', () => {
    for (const file of ['index.html', 'story/index.html']) {
      const footer = html(file).match(/<footer[\s\S]*<\/footer>/)?.[0] ?? '';
      expect(footer, file).toContain('href="/use-cases/churn-rescue-calls"');
    }
  });

  it('stops the build with a pinpointed message when it breaks the template', () => {
    writeFileSync(join(content, FILE), JSON.stringify(page(3), null, 2));
    const result = build();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'pages-json/use-cases/churn-rescue-calls.json: blocks[1] (benefits, CardGrid) cards: 3 items, but the use-case template asks for exactly 4 cards',
    );
    expect(result.stderr).toContain('hint: add or remove cards here (the count is set in pages-json/_templates/use-case.json)');
  });
});

describe('in a language it is not translated into yet', () => {
  it('has no page there; the English page names no alternate, and only the English sitemap lists it', () => {
    for (const prefix of ['es', 'de']) expect(existsSync(join(dist, prefix, 'use-cases', 'churn-rescue-calls')), prefix).toBe(false);
    expect(html('use-cases/churn-rescue-calls/index.html')).not.toContain('hreflang');
    expect(html('sitemap.xml')).toContain('/use-cases/churn-rescue-calls</loc>');
    for (const file of ['sitemap-es.xml', 'sitemap-de.xml']) expect(html(file), file).not.toContain('churn-rescue-calls');
  });

  it("is linked from the language's library, menus and footer as the English page, marked as English", () => {
    const tag = JSON.parse(readFileSync(join(content, '_translations', 'es', '_site.json'), 'utf8'))['i18n.linkInDefaultLanguage'].text;
    const library = html('es/use-cases/index.html');
    const card = library.match(/<a href="\/use-cases\/churn-rescue-calls"[^>]*>.*?<\/a>/)?.[0] ?? '';
    expect(card).toContain('hrefLang="en"');
    expect(card).toContain('<span lang="en">Churn Rescue Calls</span>');
    expect(card).toContain(`>${tag}</span>`);
    expect(library).not.toContain('href="/es/use-cases/churn-rescue-calls"');
    const footer = html('es/story/index.html').match(/<footer[\s\S]*<\/footer>/)?.[0] ?? '';
    expect(footer).toMatch(/href="\/use-cases\/churn-rescue-calls" hrefLang="en"/);
    const siteData = builtSiteData(dist, siteDataAddressIn(html('es/index.html'))!);
    expect(siteData.languages.find((language) => language.code === 'es')?.missing).toEqual(['/use-cases/churn-rescue-calls']);
  });

  it("offers, in the English page's language menu, each language's home page, saying the page is not in it yet", () => {
    const note = JSON.parse(readFileSync(join(content, '_translations', 'de', '_site.json'), 'utf8'))['i18n.pageNotInLanguage'].text;
    expect(html('use-cases/churn-rescue-calls/index.html')).toContain(
      `<a href="/de" hrefLang="de" lang="de" class="${/class="([^"]*)"[^>]*>Deutsch</.exec(html('index.html'))![1]}">Deutsch<span`,
    );
    expect(html('use-cases/churn-rescue-calls/index.html')).toContain(`${note}</span>`);
  });
});
