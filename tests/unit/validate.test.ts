import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem, type Problem } from '../../src/engine/model/problems';
import { checkImageAlt } from '../../src/engine/load/checks/site-checks';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { readContentDocs } from '../../src/engine/load/i18n/content-docs';
import { buildErrorsIn, errorsIn, loadContent } from '../../src/engine/load/load-content';
import { baseFiles, hero, page, validateFiles } from './content-fixture';

function messages(files: Record<string, unknown>) {
  return validateFiles(files).problems.map(formatProblem);
}

describe('content validation', () => {
  it('accepts the fixture site', () => {
    expect(messages(baseFiles())).toEqual([]);
  });

  it('names file, block and field for a wrong type', () => {
    const files = {
      ...baseFiles(),
      'use-cases/upsell-campaigns.json': page([
        hero,
        hero,
        hero,
        {
          type: 'StatBand',
          stats: [
            { value: '5X', label: 'Engagement' },
            { value: 35, label: 'Revenue' },
          ],
        },
      ]),
    };
    expect(messages(files)).toEqual([
      'pages-json/use-cases/upsell-campaigns.json: blocks[3] (StatBand) stats[1].value: expected a string, got a number\n' +
        '  hint: put it in quotes: "35"',
    ]);
  });

  it('suggests the block type meant, and points to the block reference', () => {
    expect(messages({ ...baseFiles(), 'terms.json': page([hero, { type: 'StatsBand', stats: [] }]) })).toEqual([
      'pages-json/terms.json: blocks[1] (StatsBand) type: unknown block type "StatsBand"\n' +
        '  hint: did you mean "StatBand"? every block type, with its fields and an example, is in /__blocks in npm run dev, or docs/blocks.md',
    ]);
  });

  it('lists the known block types for one nothing like them', () => {
    const [message] = messages({ ...baseFiles(), 'terms.json': page([hero, { type: 'Zzzzz', heading: 'x' }]) });
    expect(message).toMatch(
      /^pages-json\/terms\.json: blocks\[1\] \(Zzzzz\) type: unknown block type "Zzzzz"\. Known types: .*CallToAction, CardGrid, .*Hero, .*StatBand/,
    );
    expect(message).toContain('hint: every block type, with its fields and an example, is in /__blocks in npm run dev, or docs/blocks.md');
  });

  it('reports a missing required field, and names the misspelling that stands in for it', () => {
    expect(messages({ ...baseFiles(), 'terms.json': page([{ type: 'Hero' }]) })).toEqual([
      'pages-json/terms.json: blocks[0] (Hero) heading: missing required field (expected a string)\n  hint: add "heading"',
    ]);
    expect(messages({ ...baseFiles(), 'terms.json': page([{ type: 'Hero', headng: 'x' }]) })).toEqual([
      'pages-json/terms.json: blocks[0] (Hero) heading: missing required field (expected a string)\n' +
        '  hint: "headng" looks like a misspelling of "heading": rename it',
      'pages-json/terms.json: blocks[0] (Hero): unknown field "headng"\n' +
        '  hint: did you mean "heading"? remove it, or check its spelling. The fields here: type, id, badge, heading, subheading, buttons, highlights, image.',
    ]);
  });

  it('suggests the field meant for a misspelt one, and lists the fields allowed there', () => {
    expect(messages({ ...baseFiles(), 'terms.json': page([{ ...hero, subheadline: 'x' }]) })).toEqual([
      'pages-json/terms.json: blocks[0] (Hero): unknown field "subheadline"\n' +
        '  hint: did you mean "subheading"? remove it, or check its spelling. The fields here: type, id, badge, heading, subheading, buttons, highlights, image.',
    ]);
  });

  it('suggests the choice meant, and names a long list of choices rather than printing it', () => {
    const card = (icon: string) => ({ type: 'CardGrid', cards: [{ icon, title: 'a', description: 'b' }] });
    expect(messages({ ...baseFiles(), 'terms.json': page([card('rocet')]) })).toEqual([
      expect.stringMatching(
        /^pages-json\/terms\.json: blocks\[0\] \(CardGrid\) cards\[0\]\.icon: "rocet" is not one of the \d+ allowed values\n {2}hint: did you mean "rocket"\? /,
      ),
    ]);
  });

  const WRITE_INSTEAD =
    'Write a site path (/...), #anchor, https://, mailto:, tel:, sms: or site:<key> (a button may also open a panel: panel:chat, panel:video)';
  it.each([
    [
      'javascript:alert(1)',
      "a link may not run code: a script in a link runs with the visitor's session, the way cross-site scripting works.",
    ],
    ['data:text/html,hi', 'a link may not carry its own content (data:): it can hide a script or a fake page behind a harmless label.'],
    ['http://example.com', 'plain http: sends the visitor over an unencrypted connection: use https://.'],
  ])('rejects the link scheme of %s, saying why and what to write', (href, why) => {
    expect(messages({ ...baseFiles(), 'terms.json': page([{ ...hero, buttons: [{ label: 'Go', href }] }]) })).toEqual([
      'pages-json/terms.json: blocks[0] (Hero) buttons[0].href: expected a site path (/...), #anchor, https://, mailto:, tel:, sms:, site:<key> or panel:<name>\n' +
        `  hint: ${why} ${WRITE_INSTEAD}`,
    ]);
  });

  it('lets only a button open a panel, names an unknown panel, and keeps placement to chat buttons', () => {
    const cardWithPanel = { type: 'CardGrid', cards: [{ title: 'Chat', description: 'Talk to an agent now.', href: 'panel:chat' }] };
    expect(messages({ ...baseFiles(), 'terms.json': page([hero, cardWithPanel]) })).toEqual([
      expect.stringMatching(
        /^pages-json\/terms\.json: blocks\[1\] \(CardGrid\) cards\[0\]\.href: a panel: link opens a panel, which only a button can do/,
      ),
    ]);
    const buttons = [
      { label: 'Chat', href: 'panel:chat', placement: 'terms-hero' },
      { label: 'Call', href: 'panel:phone' },
      { label: 'Demo', href: 'site:scheduling', placement: 'terms-hero' },
    ];
    expect(messages({ ...baseFiles(), 'terms.json': page([{ ...hero, buttons }]) })).toEqual([
      'pages-json/terms.json: blocks[0] (Hero) buttons[1].href: unknown panel "panel:phone"\n  hint: panels: panel:chat, panel:video',
      'pages-json/terms.json: blocks[0] (Hero) buttons[2].placement: a placement only applies to a panel:chat button, not to "site:scheduling"\n  hint: remove "placement", or make the button open the chat with "href": "panel:chat"',
    ]);
  });

  it('reports a broken internal link and a missing anchor', () => {
    const files = {
      ...baseFiles(),
      'terms.json': page([
        {
          ...hero,
          buttons: [
            { label: 'A', href: '/nowhere' },
            { label: 'B', href: '/#pricing' },
            { label: 'C', href: '/#faq' },
          ],
        },
      ]),
    };
    expect(messages(files)).toEqual([
      'pages-json/terms.json: blocks[0] (Hero) buttons[0].href: broken link: no page has the route /nowhere\n' +
        '  hint: check the path, or add pages-json/nowhere.json to create the page',
      'pages-json/terms.json: blocks[0] (Hero) buttons[1].href: broken link: / has no block with id "pricing"\n  hint: ids on that page: faq',
    ]);
  });

  it('suggests the section a missing route names (/pricing -> /#pricing), the route or anchor spelled alike', () => {
    const files = baseFiles();
    files['index.json'] = page([hero, { type: 'FAQ', id: 'pricing', items: [{ question: 'Q?', answer: 'A.' }] }]);
    const link = (href: string) => messages({ ...files, 'terms.json': page([{ ...hero, buttons: [{ label: 'Go', href }] }]) });
    expect(link('/pricing')).toEqual([
      'pages-json/terms.json: blocks[0] (Hero) buttons[0].href: broken link: no page has the route /pricing\n' +
        '  hint: did you mean "/#pricing", the pricing section of /?',
    ]);
    expect(link('/term')).toEqual([expect.stringContaining('hint: did you mean "/terms"? check the path')]);
    expect(link('/#pricng')).toEqual([expect.stringContaining('hint: did you mean "pricing"? ids on that page: pricing')]);
  });

  it('reports an unknown site: link and an unknown placeholder', () => {
    const files = {
      ...baseFiles(),
      'terms.json': page([{ ...hero, heading: 'Meet {prodcut}', buttons: [{ label: 'A', href: 'site:signup' }] }]),
    };
    const out = messages(files);
    expect(out).toContainEqual(
      expect.stringMatching(
        /^pages-json\/terms\.json: blocks\[0\] \(Hero\) buttons\[0\]\.href: unknown site link "site:signup"\n {2}hint: did you mean "site:signUp"\? the site links are site:signUp, site:signIn/,
      ),
    );
    expect(out).toContainEqual(
      'pages-json/terms.json: blocks[0] (Hero) heading: unknown placeholder {prodcut}\n' +
        '  hint: did you mean {product}? known placeholders: {product}, {agent}, {phone}, a collection figure such as {plans.growth.price}',
    );
  });

  it('checks link fields not named href, such as a pricing plan ctaUrl in its collection', () => {
    const plans = JSON.parse(readFileSync(join(import.meta.dirname, '../../pages-json/_collections/plans.json'), 'utf8'));
    plans.items[0].ctaUrl = 'site:calendar';
    plans.items[1].ctaUrl = '/pricing-page';
    const out = messages({ ...baseFiles(), '_collections/plans.json': plans });
    expect(out).toContainEqual(
      expect.stringMatching(/^pages-json\/_collections\/plans\.json: items\[0\] \(starter\) ctaUrl: unknown site link "site:calendar"/),
    );
    expect(out).toContainEqual(
      expect.stringMatching(
        /^pages-json\/_collections\/plans\.json: items\[1\] \(growth\) ctaUrl: broken link: no page has the route \/pricing-page/,
      ),
    );
  });

  it('gives line and column for a JSON syntax error', () => {
    const broken = '{\n  "meta": {\n    "title": "x",\n  }\n}\n';
    expect(messages({ ...baseFiles(), 'terms.json': broken })[0]).toMatch(/^pages-json\/terms\.json: line 4, column 3: invalid JSON: /);
  });

  it('refuses two documents claiming one route', () => {
    expect(messages({ ...baseFiles(), 'terms/index.json': page([hero]) })).toEqual([
      'pages-json/terms/index.json: route /terms is already served by pages-json/terms.json\n  hint: rename or remove one of the two files',
    ]);
  });

  it('warns about long titles and short descriptions without failing', () => {
    const result = validateFiles({ ...baseFiles(), 'terms.json': page([hero], { title: 'T'.repeat(61), description: 'Too short.' }) });
    expect(result.problems.map((p) => [p.severity, formatProblem(p)])).toEqual([
      [
        'warning',
        'warning: pages-json/terms.json: meta.title: title is 61 characters; search engines cut titles after about 60\n' +
          '  hint: shorten it to 60 characters or fewer: the page first, then " | Reachwell"',
      ],
      [
        'warning',
        'warning: pages-json/terms.json: meta.description: description is 10 characters; aim for 50-160\n' +
          '  hint: one or two sentences on what a searcher finds on the page, 50 to 160 characters',
      ],
    ]);
  });

  it('reports a menu whose folder has no pages, and a missing not-found page', () => {
    const files = baseFiles();
    delete files['404.json'];
    (files['_site.json'] as { header: { menus: unknown[] } }).header.menus.push({ label: 'Compare', section: 'compare' });
    expect(messages(files)).toEqual([
      'pages-json/404.json: the not-found page is missing\n  hint: add a page with a NotFound block',
      'pages-json/_site.json: header.menus[1].section: no pages in pages-json/compare/ to fill this menu\n' +
        '  hint: a menu lists the pages of a folder of pages-json/',
    ]);
  });
});

describe('checks across the site', () => {
  const siteWide = (files: Record<string, unknown>) => validateFiles(files, { siteWide: true }).problems.map(formatProblem);

  it('pinpoints where a truncated document ends and what it leaves open', () => {
    const full = JSON.stringify(page([{ ...hero, buttons: [{ label: 'Go', href: '/' }] }]), null, 2);
    const cut = full.slice(0, full.indexOf('"Go"') + 3); // ends inside the label's text
    expect(messages({ ...baseFiles(), 'terms.json': cut })).toEqual([
      `pages-json/terms.json: line ${cut.split('\n').length}, column ${cut.length - cut.lastIndexOf('\n')}: ` +
        'invalid JSON: the file ends while a text " (opened at line 12, column 20), inside an object { (opened at line 11, column 9), ' +
        'inside a list [ (opened at line 10, column 18), inside an object { (opened at line 7, column 5), inside a list [ (opened at line 6, column 13), ' +
        'inside an object { (opened at line 1, column 1) is still open\n' +
        '  hint: close what is open, in this order: " } ] } ] } (or restore the part of the file that is missing)',
    ]);
    expect(messages({ ...baseFiles(), 'terms.json': '' })[0]).toMatch(
      /^pages-json\/terms\.json: line 1, column 1: invalid JSON: the file ends before/,
    );
  });

  it('warns about a page nothing links to, naming how to reach it', () => {
    expect(siteWide({ ...baseFiles(), 'story.json': page([hero]) })).toContainEqual(
      'warning: pages-json/story.json: nothing links to /story: visitors can only reach it by typing its address\n' +
        '  hint: link to it from another page, or list its folder (the top level) as a menu in pages-json/_site.json',
    );
    const linked = {
      ...baseFiles(),
      'story.json': page([hero]),
      'terms.json': page([{ ...hero, buttons: [{ label: 'Story', href: '/story' }] }]),
    };
    expect(siteWide(linked).filter((m) => m.includes('/story'))).toEqual([]);
  });

  it('refuses two pages with one title and warns about a shared description', () => {
    const base = baseFiles();
    const twin = page([hero], { title: (base['terms.json'] as { meta: { title: string } }).meta.title });
    expect(messages({ ...base, 'story.json': twin })).toEqual([
      'pages-json/terms.json: meta.title: the same title as pages-json/story.json\n  hint: give each page its own title',
    ]);
    const sameDescription = page([hero], { description: (base['terms.json'] as { meta: { description: string } }).meta.description });
    expect(validateFiles({ ...base, 'story.json': sameDescription }).problems.map((p) => p.severity)).toEqual(['warning']);
  });

  it('refuses an image without alt text unless it is marked decorative', () => {
    const doc = {
      items: [
        { src: '/logo.svg', alt: ' ' },
        { src: '/pattern.svg', decorative: true },
      ],
    };
    const problems: Problem[] = [];
    checkImageAlt({ file: 'pages-json/x.json', doc }, problems);
    expect(problems.map(formatProblem)).toEqual([
      'pages-json/x.json: items[0] alt: the image "/logo.svg" has no alt text\n' +
        '  hint: describe what the image shows for people who cannot see it, or set "decorative": true if it adds nothing',
    ]);
  });

  it('warns about site links and placeholders nothing uses, and stops warning once one is used', () => {
    const unused = siteWide(baseFiles()).filter((m) => m.includes('is defined but no page uses it'));
    expect(unused).toContain(
      'warning: pages-json/_site.json: the site link "site:phoneSms" is defined but no page uses it\n  hint: link to it where it belongs, or tell a developer it can go',
    );
    expect(unused).toContainEqual(expect.stringContaining('the placeholder {phone} is defined'));
    const using = {
      ...baseFiles(),
      'terms.json': page([{ ...hero, subheading: 'Call {phone}', buttons: [{ label: 'Text', href: 'site:phoneSms' }] }]),
    };
    expect(siteWide(using).filter((m) => /site:phoneSms"|\{phone\}/.test(m))).toEqual([]);
  });

  it('names each TODO placeholder as a warning that stops the build', () => {
    const result = validateFiles({ ...baseFiles(), 'terms.json': page([{ ...hero, heading: 'TODO: the headline' }]) });
    expect(result.problems.map((p) => [formatProblem(p), p.stopsBuild])).toEqual([
      [
        'warning: pages-json/terms.json: blocks[0] (Hero) heading: placeholder text to replace: "TODO: the headline"\n' +
          '  hint: write the real text; the build refuses pages with "TODO:" in them',
        true,
      ],
    ]);
    expect(errorsIn(result.problems)).toEqual([]);
    expect(buildErrorsIn(result.problems)).toHaveLength(1);
  });
});

describe('every message says what to do', () => {
  it('carries a hint, whatever the mistake', () => {
    const files = baseFiles();
    const broken: Record<string, unknown>[] = [
      { 'terms.json': page([{ type: 'StatsBand', stats: [{ value: 5 }] }]) },
      { 'terms.json': page([{ ...hero, subheadline: 'x', heading: '' }]) },
      {
        'terms.json': page([
          {
            ...hero,
            buttons: [
              { label: 'Go', href: 'javascript:x' },
              { label: 'A', href: '/nowhere#x' },
            ],
          },
        ]),
      },
      {
        'terms.json': page([
          {
            ...hero,
            heading: '{prodcut}',
            buttons: [
              { label: 'A', href: 'site:nope' },
              { label: 'B', href: '/#nope' },
            ],
          },
        ]),
      },
      {
        'terms.json': page([
          { type: 'CardGrid', id: 'x', cards: [{ icon: 'nope', title: 't', description: 'd' }] },
          { ...hero, id: 'x' },
        ]),
      },
      { 'terms.json': page([hero], { title: 'T'.repeat(70), description: 'short' }), 'story.json': page([hero]) },
      { 'terms.json': '{ "meta": ' },
      { '_collections/nope.json': { items: [] }, 'terms/index.json': page([hero]) },
    ];
    for (const change of broken) {
      const problems = validateFiles({ ...files, ...change }, { siteWide: true }).problems;
      expect(problems.length, JSON.stringify(change)).toBeGreaterThan(0);
      for (const problem of problems) expect(problem.hint, formatProblem(problem)).toBeTruthy();
    }
  });
});

describe('collection rules', () => {
  /** A job or banner ad as its file states it. */
  type Item = { id: string; type?: string; isCollections?: boolean } & Record<string, unknown>;
  const collection = (name: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'pages-json', '_collections', `${name}.json`), 'utf8')) as {
      items: Item[];
    };
  const withCollection = (name: string, items: Item[]) => messages({ ...baseFiles(), [`_collections/${name}.json`]: { items } });

  it('accepts the real job and banner-ad collections', () => {
    expect(withCollection('jobs', collection('jobs').items)).toEqual([]);
    expect(withCollection('banner-ads', collection('banner-ads').items)).toEqual([]);
  });

  it('refuses a job id stated twice, naming the file, the item and its id field', () => {
    const jobs = collection('jobs').items;
    const copy = { ...jobs[1], id: jobs[0].id, title: 'Another role' };
    const at = jobs.length;
    expect(withCollection('jobs', [...jobs, copy])).toEqual([
      `pages-json/_collections/jobs.json: items[${at}] (${copy.type}) id: the jobs record "${jobs[0].id}" is stated twice\n` +
        `  hint: it is also in pages-json/_collections/jobs.json items[0] (${jobs[0].type}); keep one`,
    ]);
  });

  it('refuses a banner-ad id stated twice, naming the file, the item and its id field', () => {
    const ads = collection('banner-ads').items;
    const copy = { ...ads[3], id: ads[1].id };
    expect(withCollection('banner-ads', [...ads.slice(0, 3), copy, ...ads.slice(4)])).toEqual([
      `pages-json/_collections/banner-ads.json: items[3] (${ads[1].id}) id: the banner-ads record "${ads[1].id}" is stated twice\n` +
        `  hint: it is also in pages-json/_collections/banner-ads.json items[1] (${ads[1].id}); keep one`,
    ]);
  });

  it('lets at most one banner ad set isCollections, naming each extra one', () => {
    const ads = collection('banner-ads').items;
    const first = ads.findIndex((ad) => ad.isCollections);
    expect(first).toBeGreaterThanOrEqual(0);
    const extra = [0, 5].filter((index) => index !== first);
    const flagged = ads.map((ad, index) => (extra.includes(index) ? { ...ad, isCollections: true } : ad));
    const already = `(items[${Math.min(first, ...extra)}] "${ads[Math.min(first, ...extra)].id}" already does), got true`;
    expect(withCollection('banner-ads', flagged)).toEqual(
      [first, ...extra]
        .sort((a, b) => a - b)
        .slice(1)
        .map(
          (index) =>
            `pages-json/_collections/banner-ads.json: items[${index}] (${ads[index].id}) isCollections: only one banner ad may set isCollections ${already}\n` +
            '  hint: leave isCollections on one ad only',
        ),
    );
    // Setting it to false is not setting it.
    expect(
      withCollection(
        'banner-ads',
        ads.map((ad, index) => (index === 0 ? { ...ad, isCollections: false } : ad)),
      ),
    ).toEqual([]);
  });
});

describe('loadContent with an overlay', () => {
  const deepFreeze = <T>(value: T): T => {
    if (value && typeof value === 'object') {
      for (const child of Object.values(value)) deepFreeze(child);
      Object.freeze(value);
    }
    return value;
  };

  it('reads the documents it is given and never changes them: every real document, frozen, checks as the files on disk do', () => {
    // Each language's translated documents are shared with the next language's base, and the editor's draft with its
    // state: a write would leak across them. Frozen, a write throws here.
    const overlay = new Map([...readContentDocs(CONTENT_DIR)].map(([file, doc]) => [file, deepFreeze(doc)]));
    const fromDisk = loadContent(CONTENT_DIR);
    const fromOverlay = loadContent(CONTENT_DIR, undefined, overlay);
    expect(overlay.size).toBeGreaterThan(30); // pages, collections, templates and the site configuration
    expect(fromOverlay.problems).toEqual(fromDisk.problems);
    expect(fromOverlay.pages.map((p) => [p.route, p.doc])).toEqual(fromDisk.pages.map((p) => [p.route, p.doc]));
  });
});
