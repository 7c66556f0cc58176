/**
 * Languages: which text is translatable, how a translation is keyed and found again, and what validation says
 * about missing, outdated, stray and mismatched translations; links and money in a language.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContentDocs } from '../../src/engine/load/i18n/content-docs';
import { compileCountMessage, countMessageProblem } from '../../src/engine/model/count-message';
import { contentTexts, keyOf } from '../../src/engine/load/i18n/content-texts';
import { loadSite } from '../../src/engine/load/i18n/load-site';
import { pseudoText } from '../../src/engine/load/i18n/pseudo';
import { fingerprintOf, type TranslationFile } from '../../src/engine/load/i18n/translation-files';
import { updatedTranslationFile } from '../../src/engine/load/i18n/translation-update';
import { markForeign } from '../../src/lib/foreign-text';
import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../../src/leads/contract/email-rule';
import { formatCount } from '../../src/lib/count-label';
import { formatMoney } from '../../src/engine/model/money';
import { formatProblem } from '../../src/engine/model/problems';
import { localizedHref } from '../../src/engine/model/site-data';
import { sitemapXml } from '../../src/render/sitemap';
import { baseFiles, fixtureSite, hero, page, validateFiles } from './content-fixture';
import proseBlock from '../../src/blocks/Prose/block';
import type { ProseBlock } from '../../src/blocks/Prose/schema';
import type { RenderContext } from '../../src/engine/model/render-context';

const ES = { code: 'es', region: 'ES', name: 'Español', prefix: 'es', status: 'published' };
const EN = { code: 'en', region: 'US', name: 'English', prefix: '', status: 'published' };

function withLanguages(spanish: Record<string, unknown> = {}, files = baseFiles()) {
  const { dir, root } = validateFiles({ ...files, '_site.json': { ...fixtureSite(), locales: [EN, { ...ES, ...spanish }] } });
  return { dir, root };
}

type Entries = Record<string, { source: string; text: string; fingerprint?: string } | string>;

/** Writes a full Spanish translation (`text` = "ES " + source), after `edit` had its say on each file's entries. */
function translateAll(dir: string, edit: (file: string, entries: Entries) => void = () => {}) {
  const texts = contentTexts(readContentDocs(dir));
  for (const [file, list] of texts) {
    const entries: Entries = Object.fromEntries(list.map(({ key, source }) => [key, { source, text: `ES ${source}` }]));
    edit(file, entries);
    writeTranslation(dir, file, entries);
  }
}

function writeTranslation(dir: string, file: string, entries: Entries | string) {
  const path = join(dir, '_translations', 'es', file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof entries === 'string' ? entries : JSON.stringify(entries, null, 2));
}

const messages = (dir: string, root: string) =>
  loadSite(dir, root)
    .problems.filter((p) => p.locale)
    .map(formatProblem);

const spanishPage = (dir: string, root: string, route: string) =>
  loadSite(dir, root).locales[1].content.pages.find((p) => p.route === route)!;
const spanishPages = (dir: string, root: string) => loadSite(dir, root).locales[1].translation.pages;
const english = (text: string) => markForeign(text, 'en');

describe('translatable text', () => {
  it('is read from the schemas: visitor text yes; links, ids, enums, brand name and phone number no', () => {
    const { dir } = withLanguages();
    const texts = contentTexts(readContentDocs(dir));
    const keys = [...texts.values()].flat().map((text) => text.key);
    expect(keys).toContain('blocks.Hero.heading');
    expect(keys).toContain('blocks.faq.items.0.question'); // a section with an id is named by it
    expect(keys).toContain('chatForms.chat.submitLabel');
    expect(keys).not.toContain('brand.productName');
    expect(keys).not.toContain('contact.phoneDisplay');
    expect(keys.some((key) => key.endsWith('.href') || key.endsWith('.id') || key.endsWith('.type'))).toBe(false);
  });

  it('is keyed by section so that moving a section of another type changes no key', () => {
    const doc = { blocks: [{ type: 'Hero', heading: 'A' }, { type: 'FAQ', items: [] }, { type: 'CardGrid' }, { type: 'CardGrid' }] };
    expect(keyOf(doc, ['blocks', 0, 'heading'])).toBe('blocks.Hero.heading');
    expect(keyOf({ blocks: [doc.blocks[1], doc.blocks[0]] }, ['blocks', 1, 'heading'])).toBe('blocks.Hero.heading');
    expect(keyOf(doc, ['blocks', 3, 'heading'])).toBe('blocks.CardGrid~2.heading');
  });
});

describe('validation of a language', () => {
  it('finds nothing wrong in a complete translation, and every page is published and indexed', () => {
    const { dir, root } = withLanguages();
    translateAll(dir);
    expect(messages(dir, root)).toEqual([]);
    expect(spanishPage(dir, root, '/terms').doc.blocks[0]).toMatchObject({ heading: 'ES Hello' });
    expect([...spanishPages(dir, root).values()].every((page) => page.state === 'translated' && page.published)).toBe(true);
  });

  it('says once per page what a page not translated yet lacks, and publishes it in English only', () => {
    const { dir, root } = withLanguages();
    translateAll(dir, (file, entries) => {
      if (file === 'terms.json') for (const key of Object.keys(entries)) delete entries[key];
    });
    const problems = loadSite(dir, root).problems.filter((p) => p.locale);
    expect(problems.map(formatProblem)).toEqual([
      'warning: [es] pages-json/terms.json: not yet in Spanish (3 texts), published in English only: npm run i18n:extract -- es',
    ]);
    // The per-string detail, for tools (npm run validate -- --json).
    expect(problems[0].pending).toContainEqual({
      translationFile: 'pages-json/_translations/es/terms.json',
      key: 'blocks.Hero.heading',
      state: 'missing',
      source: 'Hello',
    });
    const terms = spanishPages(dir, root).get('terms.json')!;
    expect(terms).toMatchObject({ state: 'none', published: false, indexed: false });
  });

  it('makes a pending translation an error where the language requires complete translations', () => {
    const { dir, root } = withLanguages({ require: 'complete' });
    translateAll(dir, (file, entries) => {
      if (file === 'terms.json') delete entries['blocks.Hero.heading'];
    });
    const problems = loadSite(dir, root).problems.filter((p) => p.locale);
    expect(problems.map((p) => [p.severity, p.file])).toEqual([['error', 'pages-json/terms.json']]);
  });

  it('shows the English of a text a translated page gained, marked as English, and keeps the page', () => {
    const files = baseFiles();
    const { dir, root } = withLanguages({}, files);
    translateAll(dir);
    // A new FAQ question in English, after the translation.
    const index = files['index.json'] as { blocks: { items?: { question: string; answer: string }[] }[] };
    index.blocks[1].items!.push({ question: 'New question?', answer: 'A new answer.' });
    writeFileSync(join(dir, 'index.json'), JSON.stringify(index));
    expect(messages(dir, root)).toEqual([
      'warning: [es] pages-json/index.json: 2 texts not yet in Spanish: shown in English until translated: npm run i18n:extract -- es',
    ]);
    const home = spanishPage(dir, root, '/');
    expect(home.doc.blocks[1]).toMatchObject({
      items: [
        { question: 'ES Q?', answer: 'ES A.' },
        { question: english('New question?'), answer: english('A new answer.') },
      ],
    });
    expect(spanishPages(dir, root).get('index.json')).toMatchObject({ state: 'partial', published: true, indexed: true });
  });

  it('keeps a mostly translated page in search engines, and takes a mostly English one out', () => {
    const long = 'A long answer with many words in it, so that the page has enough text to weigh one question against.';
    const files = {
      ...baseFiles(),
      'index.json': page([
        hero,
        { type: 'FAQ', id: 'faq', items: Array.from({ length: 6 }, (_, i) => ({ question: `Q${i}?`, answer: long })) },
      ]),
    };
    const { dir, root } = withLanguages({}, files);
    translateAll(dir, (file, entries) => {
      if (file === 'index.json') delete entries['blocks.faq.items.5.answer']; // one answer of six: indexed
      if (file === 'terms.json') {
        delete entries['blocks.Hero.heading']; // with its description, most of its words: not indexed
        delete entries['meta.description'];
      }
    });
    const pages = spanishPages(dir, root);
    expect(pages.get('index.json')).toMatchObject({ published: true, indexed: true });
    expect(pages.get('terms.json')).toMatchObject({ published: true, indexed: false });
  });

  it('never shows a translation made from an older English: the English shows until it is updated, with both listed', () => {
    const { dir, root } = withLanguages();
    translateAll(dir, (file, entries) => {
      if (file === 'terms.json') entries['blocks.Hero.heading'] = { source: 'Hi', text: 'Hola' };
    });
    const [problem] = loadSite(dir, root).problems.filter((p) => p.locale);
    expect(formatProblem(problem)).toBe(
      'warning: [es] pages-json/terms.json: 1 Spanish text made from an older English: shown in English until updated: npm run i18n:status -- es',
    );
    expect(problem.pending).toEqual([
      {
        translationFile: 'pages-json/_translations/es/terms.json',
        key: 'blocks.Hero.heading',
        state: 'outdated',
        source: 'Hello',
        was: 'Hi',
      },
    ]);
    expect(spanishPage(dir, root, '/terms').doc.blocks[0]).toMatchObject({ heading: english('Hello') });
  });

  it('treats a "source" brought up to date without its text as out of date, once the tools fingerprinted it', () => {
    const { dir, root } = withLanguages();
    translateAll(dir, (file, entries) => {
      if (file === 'terms.json')
        entries['blocks.Hero.heading'] = { source: 'Hello', text: 'Hola', fingerprint: fingerprintOf('Hi', 'Hola') };
    });
    expect(spanishPages(dir, root).get('terms.json')?.state).toBe('outdated');
    translateAll(dir, (file, entries) => {
      if (file === 'terms.json')
        entries['blocks.Hero.heading'] = { source: 'Hello', text: 'Hola a todos', fingerprint: fingerprintOf('Hi', 'Hola') };
    });
    expect(spanishPages(dir, root).get('terms.json')?.state).toBe('translated'); // the text changed with it
  });

  it('never attaches a translation to another text: a list item removed leaves the others with their own', () => {
    const files = { ...baseFiles(), 'terms.json': page([{ ...hero, highlights: ['No card', 'Free messages', 'Quick setup'] }]) };
    const { dir, root } = withLanguages({}, files);
    translateAll(dir);
    const terms = files['terms.json'] as { blocks: { highlights: string[] }[] };
    terms.blocks[0].highlights = ['No card', 'Quick setup']; // the middle one removed
    writeFileSync(join(dir, 'terms.json'), JSON.stringify(terms));
    expect(spanishPage(dir, root, '/terms').doc.blocks[0]).toMatchObject({ highlights: ['ES No card', 'ES Quick setup'] });
    // The tool that rewrites the file agrees: the third's translation moves to its new place.
    const list = contentTexts(readContentDocs(dir)).get('terms.json')!;
    const existing = JSON.parse(readFileSync(join(dir, '_translations', 'es', 'terms.json'), 'utf8')) as TranslationFile;
    const update = updatedTranslationFile(list, existing);
    expect(update.file['blocks.Hero.highlights.1']).toMatchObject({ source: 'Quick setup', text: 'ES Quick setup' });
    expect(update.file['blocks.Hero.highlights.2']).toBeUndefined();
    expect(update.removed).toEqual(['blocks.Hero.highlights.2']);
  });

  it('takes a plain-string translation as made from the English as it is, and the tools write it out whole', () => {
    const { dir, root } = withLanguages();
    translateAll(dir, (file, entries) => {
      if (file === 'terms.json') entries['blocks.Hero.heading'] = 'Hola';
    });
    expect(spanishPage(dir, root, '/terms').doc.blocks[0]).toMatchObject({ heading: 'Hola' });
    expect(messages(dir, root)).toEqual([expect.stringContaining('blocks.Hero.heading: written as a plain string')]);
    const list = contentTexts(readContentDocs(dir)).get('terms.json')!;
    const update = updatedTranslationFile(list, { 'blocks.Hero.heading': { text: 'Hola' } });
    expect(update.file['blocks.Hero.heading']).toEqual({ source: 'Hello', text: 'Hola', fingerprint: fingerprintOf('Hello', 'Hola') });
  });

  it('names the line and column of a translation file that is not JSON, and nothing else about it', () => {
    const { dir, root } = withLanguages();
    translateAll(dir);
    writeTranslation(dir, 'terms.json', '{\n  "blocks.Hero.heading": { "source": "Hello", "text": "Hola" },\n}\n');
    expect(messages(dir, root)).toEqual([
      expect.stringMatching(/^\[es\] pages-json\/_translations\/es\/terms\.json: line 3, column 1: invalid JSON/),
    ]);
  });

  it("shows its fallback language's text where a language has none", () => {
    const CA = { code: 'ca', region: 'ES', name: 'Català', prefix: 'ca', status: 'preview', fallback: 'es' };
    // Listed before the language it falls back to: it is made after it all the same.
    const { dir, root } = validateFiles({ ...baseFiles(), '_site.json': { ...fixtureSite(), locales: [EN, CA, ES] } });
    translateAll(dir);
    const catalan = join(dir, '_translations', 'ca', 'index.json');
    mkdirSync(dirname(catalan), { recursive: true });
    writeFileSync(catalan, JSON.stringify({ 'blocks.Hero.heading': { source: 'Hello', text: 'Hola (ca)' } }));
    const site = loadSite(dir, root);
    expect(site.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
    const inCatalan = (route: string) => site.locales.find((l) => l.locale.code === 'ca')!.content.pages.find((p) => p.route === route)!;
    expect(inCatalan('/terms').doc.blocks[0]).toMatchObject({ heading: markForeign('ES Hello', 'es') }); // the fallback's text, in its language
    expect(inCatalan('/').doc.blocks[0]).toMatchObject({ heading: 'Hola (ca)' }); // its own
  });

  it('makes each language from the English as written, whatever another language made of it', () => {
    // Each language's documents share with the English what they do not translate: a translated text is set in a copy.
    const DE = { code: 'de', region: 'DE', name: 'Deutsch', prefix: 'de', status: 'preview' };
    const { dir, root } = validateFiles({ ...baseFiles(), '_site.json': { ...fixtureSite(), locales: [EN, ES, DE] } });
    translateAll(dir);
    const site = loadSite(dir, root);
    const heading = (code: string) =>
      site.locales.find((l) => l.locale.code === code)!.content.pages.find((p) => p.route === '/terms')!.doc.blocks[0];
    expect(heading('es')).toMatchObject({ heading: 'ES Hello' });
    expect(heading('de')).toMatchObject({ heading: markForeign('Hello', 'en') });
    expect(site.pseudoLocales()[0].content.pages.find((p) => p.route === '/terms')!.doc.blocks[0]).not.toMatchObject({
      heading: 'ES Hello',
    });
  });

  it("reports a problem of the fallback's text once, at the fallback's translation", () => {
    const CA = { code: 'ca', region: 'ES', name: 'Català', prefix: 'ca', status: 'preview', fallback: 'es' };
    const { dir, root } = validateFiles({ ...baseFiles(), '_site.json': { ...fixtureSite(), locales: [EN, ES, CA] } });
    translateAll(dir, (file, entries) => {
      if (file === 'terms.json')
        (entries['meta.title'] as { text: string }).text = 'Un título demasiado largo para los buscadores, que lo cortan a los sesenta';
    });
    expect(messages(dir, root).filter((line) => line.includes('meta.title'))).toEqual([
      expect.stringMatching(/^warning: \[es\] pages-json\/_translations\/es\/terms\.json: meta\.title: title is/),
    ]);
  });

  it('refuses locales that share a code or prefix, a fallback that is no language of the site, and a circle of fallbacks', () => {
    const problemsWith = (locales: object[]) => {
      const { dir, root } = validateFiles({ ...baseFiles(), '_site.json': { ...fixtureSite(), locales } });
      return loadSite(dir, root)
        .problems.filter((p) => p.pointer.startsWith('/locales'))
        .map(formatProblem);
    };
    const preview = (code: string, fallback?: string) => ({
      ...ES,
      code,
      prefix: code,
      status: 'preview',
      ...(fallback ? { fallback } : {}),
    });
    expect(problemsWith([EN, ES, { ...preview('ca'), prefix: 'es' }]).join('\n')).toContain(
      `the prefix "es" is also es's: their pages would share addresses`,
    );
    expect(problemsWith([EN, preview('ca', 'fr')]).join('\n')).toContain(
      'locales[1].fallback: the fallback "fr" is not another language of the site\n  hint: use one of en, or remove it',
    );
    expect(problemsWith([EN, preview('ca', 'gl'), preview('gl', 'ca')]).join('\n')).toContain(
      'the fallbacks go round in a circle: ca → gl → ca',
    );
    expect(problemsWith([{ ...EN, prefix: 'en' }, ES]).join('\n')).toContain('its prefix must be ""');
  });

  it('finds a translation again when its section moved under another key', () => {
    const { dir, root } = withLanguages();
    translateAll(dir, (file, entries) => {
      if (file !== 'index.json') return;
      entries['blocks.Hero~2.heading'] = entries['blocks.Hero.heading']; // as if written before a Hero was added above
      delete entries['blocks.Hero.heading'];
    });
    expect(messages(dir, root)).toEqual([]); // found by its source text: neither missing nor a stray key
    expect(spanishPage(dir, root, '/').doc.blocks[0]).toMatchObject({ heading: 'ES Hello' });
  });

  it('warns of keys the source no longer has', () => {
    const { dir, root } = withLanguages();
    translateAll(dir, (file, entries) => {
      if (file === 'terms.json') entries['blocks.Gone.heading'] = { source: 'Gone', text: 'Ido' };
    });
    expect(messages(dir, root)).toEqual([
      'warning: [es] pages-json/_translations/es/terms.json: blocks.Gone.heading: this key is no longer in the English source\n  hint: remove it (npm run i18n:extract -- es does)',
    ]);
  });

  it('shows the English where a translation has other placeholders than the English, and says why', () => {
    const { dir, root } = withLanguages();
    translateAll(dir, (file, entries) => {
      if (file === '_site.json') (entries['chatForms.chat.successMessage'] as { text: string }).text = 'Un agente te escribirá pronto.';
    });
    expect(messages(dir, root)).toEqual([
      expect.stringContaining('chatForms.chat.successMessage: the translation has the placeholders none; the English has {agent}'),
      expect.stringContaining('pages-json/_site.json: 1 text not yet in Spanish: shown in English on every page until translated'),
    ]);
  });

  it('checks the translated text as it checks the English, at the translation file and key', () => {
    const { dir, root } = withLanguages();
    translateAll(dir, (file, entries) => {
      if (file === 'terms.json')
        (entries['meta.title'] as { text: string }).text = 'Un título demasiado largo para los buscadores, que lo cortan a los sesenta';
    });
    expect(messages(dir, root)).toEqual([
      expect.stringMatching(/^warning: \[es\] pages-json\/_translations\/es\/terms\.json: meta\.title: title is \d+ characters/),
    ]);
  });
});

describe('the email errors', () => {
  it("state the email rule's limits in every language", () => {
    const content = join(import.meta.dirname, '..', '..', 'pages-json');
    const english = (
      JSON.parse(readFileSync(join(content, '_site.json'), 'utf8')) as { chatForms: { emailErrors: Record<string, string> } }
    ).chatForms.emailErrors;
    const texts = [english.tooLong, english.localPartTooLong];
    for (const code of ['es', 'de']) {
      const entries = JSON.parse(readFileSync(join(content, '_translations', code, '_site.json'), 'utf8')) as Record<
        string,
        { text: string }
      >;
      texts.push(entries['chatForms.emailErrors.tooLong'].text, entries['chatForms.emailErrors.localPartTooLong'].text);
    }
    texts.forEach((text, i) => expect(text).toContain(String(i % 2 ? EMAIL_LOCAL_PART_MAX_LENGTH : EMAIL_MAX_LENGTH)));
  });
});

describe('links and figures in a language', () => {
  it('lead to the same page in the language', () => {
    expect(localizedHref('/', 'es')).toBe('/es');
    expect(localizedHref('/terms', 'es')).toBe('/es/terms');
    expect(localizedHref('/#pricing', 'es')).toBe('/es#pricing');
    expect(localizedHref('/use-cases?industry=SaaS', 'de')).toBe('/de/use-cases?industry=SaaS');
    expect(localizedHref('#faq', 'es')).toBe('#faq');
    expect(localizedHref('https://example.com/x', 'es')).toBe('https://example.com/x');
    expect(localizedHref('/terms', '')).toBe('/terms');
  });

  it('format money the way of the locale, in US dollars', () => {
    const price = { amount: 1499.5, currency: 'USD' };
    expect(formatMoney(price)).toBe('$1,499.50');
    expect(formatMoney(price, { locale: 'es-ES' })).toBe('1499,50\u00a0US$'); // a no-break space, as Intl writes it
    expect(formatMoney(price, { locale: 'de-DE' })).toBe('1.499,50\u00a0$');
  });

  it('list each page of a sitemap with its alternates and x-default', () => {
    const languages = [
      { code: 'en', name: 'English', prefix: '', indexed: true, missing: [], unindexed: [] },
      { code: 'es', name: 'Español', prefix: 'es', indexed: true, missing: [], unindexed: [] },
      { code: 'de', name: 'Deutsch', prefix: 'de', indexed: true, missing: ['/terms'], unindexed: [] },
    ];
    const xml = sitemapXml('https://x.example', ['/terms'], languages[1], languages);
    expect(xml).toContain('<loc>https://x.example/es/terms</loc>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://x.example/terms"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="es" href="https://x.example/es/terms"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://x.example/terms"/>');
    expect(xml).not.toContain('hreflang="de"'); // no German page yet
  });
});

describe('a dated line', () => {
  const terms = (updated: unknown) => ({
    ...baseFiles(),
    'terms.json': page([hero, { type: 'Prose', updated, sections: [{ heading: 'Terms', paragraphs: ['Text.'] }] }]),
  });

  it("writes its date in each language's format, around the line's words", () => {
    const { dir, root } = validateFiles({
      ...terms({ line: 'Effective {date}', date: '2024-02-05' }),
      '_site.json': { ...fixtureSite(), locales: [EN, ES] },
    });
    translateAll(dir, (file, entries) => {
      if (file === 'terms.json') entries['blocks.Prose.updated.line'] = { source: 'Effective {date}', text: 'En vigor desde el {date}' };
    });
    const site = loadSite(dir, root);
    expect(site.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
    const prose = (index: number) => site.locales[index].content.pages.find((p) => p.route === '/terms')!.doc.blocks[1] as ProseBlock;
    const dated = (block: ProseBlock, tag: string) => proseBlock.data(block, { site: { locale: { tag } } } as RenderContext).updated;
    expect(dated(prose(0), 'en-US')).toEqual({ before: 'Effective ', date: 'February 5, 2024', dateTime: '2024-02-05', after: '' });
    expect(dated(prose(1), 'es-ES')).toEqual({
      before: 'En vigor desde el ',
      date: '5 de febrero de 2024',
      dateTime: '2024-02-05',
      after: '',
    });
    expect(dated(prose(0), 'de-DE')?.date).toBe('5. Februar 2024');
  });

  it('is refused without {date}, with {date} twice, or with a date that is not YYYY-MM-DD', () => {
    expect(validateFiles(terms({ line: '{date}, effective {date}', date: '2024-02-05' })).problems.map(formatProblem)).toEqual([
      expect.stringContaining('updated.line: the line has {date} 2 times; the date shows once'),
    ]);
    expect(validateFiles(terms({ line: 'Effective soon', date: '2024-02-05' })).problems.map(formatProblem)).toEqual([
      expect.stringContaining('blocks[1] (Prose) updated.line: the line has no {date}, so the date would not show'),
    ]);
    expect(
      validateFiles(terms({ line: 'Effective {date}', date: '5 February 2024' }))
        .problems.map(formatProblem)
        .join('\n'),
    ).toContain('updated.date');
  });
});

describe('count lines with plural forms', () => {
  const spanish =
    '{total, plural, one {Mostrando {shown} de # anuncio} many {Mostrando {shown} de # anuncios} other {Mostrando {shown} de # anuncios}}';

  it('compile to one text per plural category of the language, chosen by Intl.PluralRules', () => {
    const label = compileCountMessage(spanish, 'es-ES');
    expect(label).toEqual({
      lang: 'es-ES',
      on: 'total',
      forms: {
        one: 'Mostrando {shown} de {total} anuncio',
        many: 'Mostrando {shown} de {total} anuncios',
        other: 'Mostrando {shown} de {total} anuncios',
      },
    });
    expect(formatCount(label, { shown: 1, total: 1 })).toBe('Mostrando 1 de 1 anuncio');
    expect(formatCount(label, { shown: 3, total: 16 })).toBe('Mostrando 3 de 16 anuncios');
    expect(formatCount('Showing {shown} of {total} banner ads', { shown: 3, total: 16 })).toBe('Showing 3 of 16 banner ads');
  });

  it('are refused with a form the language does not have, or without one it has', () => {
    expect(countMessageProblem('{total, plural, one {# Anzeige} few {# Anzeigen} other {# Anzeigen}}', 'de-DE')?.message).toBe(
      '"few" is not a plural form of de-DE, which has one, other',
    );
    expect(countMessageProblem('{total, plural, one {# anuncio} other {# anuncios}}', 'es-ES')?.message).toBe(
      'the plural message has no many form, which es-ES uses',
    );
    expect(countMessageProblem(spanish, 'es-ES')).toBeUndefined();
  });

  it('in a translation are checked against the language, at the file and key', () => {
    const { dir, root } = withLanguages();
    translateAll(dir, (file, entries) => {
      if (file === 'index.json')
        entries['blocks.Hero.heading'] = { source: 'Hello', text: '{total, plural, one {# caso} few {# casos} other {# casos}}' };
    });
    const problems = loadSite(dir, root).problems.filter((p) => p.locale && p.where === 'blocks.Hero.heading');
    expect(problems.map((p) => p.message)).toContain('"few" is not a plural form of es-ES, which has many, one, other');
  });
});

describe('the pseudo-locale text', () => {
  it('is accented and about a third longer, keeps placeholders and plural syntax, and stays within a field limit', () => {
    const long = pseudoText('Chat with our {agent} today');
    expect(long.startsWith('Çĥáţ ŵíţĥ óúŕ {agent} ţóđáý ')).toBe(true);
    expect(long.length).toBeGreaterThanOrEqual(Math.round('Chat with our {agent} today'.length * 1.3));
    expect(long.split(' ').some((word) => word.length >= 18)).toBe(true); // a word as long as a German compound
    expect(pseudoText('Up to 35% of carts recovered', 30).length).toBeLessThanOrEqual(30);
    const plural = pseudoText('{total, plural, one {# item} other {# items}}');
    expect(plural).toBe('{total, plural, one {# item} other {# items}}');
  });
});
