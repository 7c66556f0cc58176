/**
 * A page's head tags (src/render/head.ts) and its JSON-LD (src/render/structured-data.ts), on the real site
 * configuration and collections: which address is canonical in each language, which languages are alternates, when a
 * page is kept out of search, and that what the page states reaches the tags as plain, escaped text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent, type ContentResult } from '../../src/engine/load/load-content';
import type { PageDoc } from '../../src/engine/load/page-schema';
import type { SiteLanguage } from '../../src/engine/model/site-data';
import { pageLocale } from '../../src/engine/model/site-data';
import { markForeign } from '../../src/lib/foreign-text';
import { headTags } from '../../src/render/head';
import { structuredData } from '../../src/render/structured-data';

let content: ContentResult;
beforeAll(() => {
  content = loadContent();
});
const site = () => content.site!;
const pageAt = (route: string) => content.pages.find((page) => page.route === route)!.doc;
const locale = (code: string) => pageLocale(site().locales!.find((candidate) => candidate.code === code)!);
const language = (code: string, prefix: string, more: Partial<SiteLanguage> = {}): SiteLanguage => ({
  code,
  name: code,
  prefix,
  indexed: true,
  missing: [],
  unindexed: [],
  ...more,
});
const EN = language('en', '');
const ES = language('es', 'es');
const DE = language('de', 'de');
const links = (html: string) =>
  [...html.matchAll(/<link rel="(\w+)"(?: hreflang="([\w-]+)")? href="([^"]+)"/g)].map((m) => m.slice(1).filter(Boolean));

describe('head tags', () => {
  it('points the canonical address at the page in its own language, with every indexed language as an alternate and English as x-default', () => {
    const { html } = headTags(pageAt('/story'), '/story', site(), content.collections, { locale: locale('es'), languages: [EN, ES, DE] });
    const origin = site().origin;
    expect(links(html)).toEqual([
      ['canonical', `${origin}/es/story`],
      ['alternate', 'en', `${origin}/story`],
      ['alternate', 'es', `${origin}/es/story`],
      ['alternate', 'de', `${origin}/de/story`],
      ['alternate', 'x-default', `${origin}/story`],
    ]);
    expect(html).not.toContain('noindex');
    expect(html).toContain('<meta property="og:locale" content="es_ES" />');
  });

  it('keeps a page out of search where it is mostly untranslated, and out of the other languages’ alternates', () => {
    const german = language('de', 'de', { unindexed: ['/story'] });
    const inGerman = headTags(pageAt('/story'), '/story', site(), content.collections, {
      locale: locale('de'),
      languages: [EN, ES, german],
    });
    expect(inGerman.html).toContain('<meta name="robots" content="noindex" />');
    expect(links(inGerman.html).filter(([rel]) => rel === 'alternate')).toEqual([]);
    const inEnglish = headTags(pageAt('/story'), '/story', site(), content.collections, {
      locale: locale('en'),
      languages: [EN, ES, german],
    });
    expect(
      links(inEnglish.html)
        .filter(([rel]) => rel === 'alternate')
        .map(([, lang]) => lang),
    ).toEqual(['en', 'es', 'x-default']);
    // A page no other language has yet: no alternates at all, not one to itself.
    const missing = { missing: ['/story'] };
    const alone = headTags(pageAt('/story'), '/story', site(), content.collections, {
      locale: locale('en'),
      languages: [EN, language('es', 'es', missing), language('de', 'de', missing)],
    });
    expect(links(alone.html).map(([rel]) => rel)).toEqual(['canonical']);
  });

  it('marks a page of a preview language noindex, and the not-found page noindex without a canonical address', () => {
    const preview = language('es', 'es', { indexed: false });
    expect(headTags(pageAt('/story'), '/story', site(), {}, { locale: locale('es'), languages: [EN, preview] }).html).toContain('noindex');
    const notFound = content.pages.find((page) => page.route === null)!.doc;
    const { html } = headTags(notFound, null, site());
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(links(html)).toEqual([]);
  });

  it('writes text shown in English on a translated page without its marks, escaped', () => {
    const doc: PageDoc = {
      ...pageAt('/story'),
      meta: { ...pageAt('/story').meta, title: markForeign('Tom & Jerry <b>', 'en'), description: 'Plain "quoted" text' },
    };
    const { html } = headTags(doc, '/story', site());
    expect(html).toContain('<title>Tom &amp; Jerry &lt;b&gt;</title>');
    expect(html).toContain('content="Plain &quot;quoted&quot; text"');
    expect(html).not.toMatch(/[\u2068\u2069]/u);
  });
});

describe('structured data', () => {
  it('states the FAQ of a page that asks for FAQPage, question by question', () => {
    const home = pageAt('/');
    const faq = structuredData({ ...home, meta: { ...home.meta, structuredData: ['FAQPage'] } }, site());
    const questions = home.blocks.flatMap((block) => (block.type === 'FAQ' ? block.items : []));
    expect(questions.length).toBeGreaterThan(0);
    expect(faq).toEqual([
      expect.objectContaining({
        '@type': 'FAQPage',
        mainEntity: questions.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
      }),
    ]);
  });

  it('posts every open role with its lists under the headings the careers page shows, escaped, and closes no script early', () => {
    const careers = pageAt('/careers');
    const listings = careers.blocks.find((block) => block.type === 'JobListings');
    const jobs = content.collections.jobs.map((job, index) =>
      index === 0 ? { ...job, description: 'Build </script><script>alert(1)' } : job,
    );
    const data = structuredData({ ...careers, meta: { ...careers.meta, structuredData: ['JobPosting'] } }, site(), { jobs }) as {
      title: string;
      description: string;
    }[];
    expect(data.map((posting) => posting.title)).toEqual(content.collections.jobs.map((job) => job.title));
    expect(data[0].description).toContain(`<p>${listings!.labels!.responsibilities}</p>`);
    expect(data[0].description).toContain('&lt;/script&gt;');
    const { inlineScripts } = headTags({ ...careers, meta: { ...careers.meta, structuredData: ['JobPosting'] } }, '/careers', site(), {
      jobs,
    });
    expect(inlineScripts.join('')).not.toContain('</script>');
  });

  it('asks for nothing by default', () => {
    const story = pageAt('/story');
    expect(structuredData({ ...story, meta: { ...story.meta, structuredData: undefined } }, site())).toEqual([]);
  });
});
