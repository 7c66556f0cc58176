/**
 * Pages of one kind share one template (pages-json/_templates/): validation enforces the template
 * with pinpointed messages, a page supplies only its own content, and one edit to the template
 * changes every page of the kind. Runs on the real use-case template, in a fixture site.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/engine/model/problems';
import { compileTemplate } from '../../src/engine/load/templates/compile-template';
import { templatePageShape } from '../../src/engine/load/templates/template-page';
import { templateSchema } from '../../src/engine/load/templates/template-schema';
import { baseFiles, validateFiles } from './content-fixture';

const ROOT = join(import.meta.dirname, '..', '..');
const useCaseTemplate = JSON.parse(readFileSync(join(ROOT, 'pages-json', '_templates', 'use-case.json'), 'utf8'));

const cards = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ title: `Benefit ${i + 1}`, description: `What benefit ${i + 1} does for the team.` }));
const record = {
  title: 'Upsell Campaigns',
  description: 'Agents spot upgrade signals and send a personal offer by email, SMS or phone at the right moment for each customer.',
  impact: '+35% revenue per customer',
  timeToValue: '1 week',
  solution: 'Revenue Growth',
  industry: 'All Industries',
  lifecycle: 'Growth',
  highlight: true,
  channels: ['Email', 'SMS', 'Voice'],
  icon: 'growth',
};
const useCasePage = (blocks: unknown[], extra: Record<string, unknown> = {}) => ({
  template: 'use-case',
  meta: {
    title: 'Upsell Campaigns | Reachwell',
    description: 'AI agents that send personal upsell offers by email, SMS and voice at the right moment.',
  },
  useCase: record,
  blocks,
  ...extra,
});
const hero = { slot: 'hero', heading: 'Upsell at the moment customers are ready' };
const benefits = { slot: 'benefits', heading: 'Why upsell with agents', cards: cards(4) };
const capabilities = { slot: 'capabilities', heading: 'What the agents do', items: ['One', 'Two', 'Three', 'Four', 'Five', 'Six'] };
const beyond = { slot: 'beyond-generic', heading: 'Beyond generic emails', cards: cards(3) };

function load(page: unknown, template: unknown = useCaseTemplate) {
  return validateFiles({ ...baseFiles(), '_templates/use-case.json': template, 'use-cases/upsell-campaigns.json': page });
}
const messages = (page: unknown, template?: unknown) => load(page, template).problems.map(formatProblem);
const FILE = 'pages-json/use-cases/upsell-campaigns.json';
const ORDER =
  'hero (Hero), more-after-hero (open area), benefits (CardGrid), capabilities (Checklist), more-after-capabilities (open area), beyond-generic (CardGrid), closing (CallToAction)';

describe('a page on the use-case template', () => {
  it('supplies only its own content and expands to the full page: shared hero buttons, fixed anchors, the closing call to action', () => {
    const { problems, pages, collections } = load(useCasePage([hero, benefits, capabilities, beyond]));
    expect(problems.map(formatProblem)).toEqual([]);
    const page = pages.find((p) => p.route === '/use-cases/upsell-campaigns')!;
    expect(page.doc.blocks.map((b) => `${b.type}${'id' in b && b.id ? `#${b.id}` : ''}`)).toEqual([
      'Hero',
      'CardGrid#benefits',
      'Checklist#capabilities',
      'CardGrid#beyond-generic',
      'CallToAction',
    ]);
    const [heroBlock, , , , closing] = page.doc.blocks;
    expect(heroBlock).toMatchObject({
      badge: 'Use Case: Upsell Campaigns',
      buttons: [
        { label: 'Get Started Free', href: 'site:signUp' },
        { label: 'Learn More', href: '#benefits' },
      ],
    });
    expect(closing).toMatchObject({ heading: 'Get Started Today', buttons: [{ label: 'Get Started Free', href: 'site:signUp' }] });
    expect(page.doc.meta.nav?.label).toBe('Upsell Campaigns'); // the menu label is the use case's title
    expect(collections['use-cases'].map((item) => item.id)).toContain('upsell-campaigns'); // its record joins the library
  });

  it('may leave out the optional beyond-generic section (lead nurturing)', () => {
    expect(messages(useCasePage([hero, benefits, capabilities]))).toEqual([]);
  });

  it('fails with three benefit cards, saying what the template asks for', () => {
    expect(messages(useCasePage([hero, { ...benefits, cards: cards(3) }, capabilities]))).toEqual([
      `${FILE}: blocks[1] (benefits, CardGrid) cards: 3 items, but the use-case template asks for exactly 4 cards\n  hint: add or remove cards here (the count is set in pages-json/_templates/use-case.json)`,
    ]);
  });

  it('fails with its capabilities before its benefits', () => {
    expect(messages(useCasePage([hero, capabilities, benefits]))).toEqual([
      `${FILE}: blocks[2] (benefits, CardGrid): the use-case template puts "benefits" before "capabilities"\n  hint: the order is: ${ORDER}`,
    ]);
  });

  it('fails without a required section', () => {
    const [message] = messages(useCasePage([hero, benefits]));
    expect(message).toBe(
      `${FILE}: blocks: the use-case template needs a "capabilities" section (Checklist)\n  hint: add { "slot": "capabilities", ... } in this order: ${ORDER}`,
    );
  });

  it('fails when it sets what the template shares, pointing at the template', () => {
    const [message] = messages(useCasePage([{ ...hero, badge: 'Use Case: Something else' }, benefits, capabilities]));
    expect(message).toBe(
      `${FILE}: blocks[0] (hero, Hero): unknown field "badge"\n  hint: the use-case template sets "badge" for every page; change it there (pages-json/_templates/use-case.json)`,
    );
  });

  it('fails when it writes the section the template fills itself, or a slot the template does not have', () => {
    const closedClosing = structuredClone(useCaseTemplate);
    delete closedClosing.sections.find((s: { slot: string }) => s.slot === 'closing').pagesMayAdd;
    expect(messages(useCasePage([hero, benefits, capabilities, { slot: 'closing', buttons: [] }]), closedClosing)[0]).toMatch(
      /blocks\[3\] \(closing, CallToAction\) slot: the use-case template fills the "closing" section itself\n {2}hint: remove this block/,
    );
    expect(messages(useCasePage([hero, benefits, capabilities, { slot: 'testimonials' }]))[0]).toMatch(
      /blocks\[3\] \(testimonials\) slot: unknown slot "testimonials" for the use-case template\n {2}hint: its sections: hero \(Hero\), more-after-hero \(open area\), benefits/,
    );
  });

  it('fails without its use-case record, or with a bad one', () => {
    const { useCase: _, ...withoutRecord } = useCasePage([hero, benefits, capabilities]);
    expect(messages(withoutRecord)[0]).toMatch(/^pages-json\/use-cases\/upsell-campaigns\.json: useCase: missing required field/);
    expect(messages(useCasePage([hero, benefits, capabilities], { useCase: { ...record, lifecycle: 'Loyalty' } }))[0]).toMatch(
      /useCase\.lifecycle: expected one of "Acquisition", "Activation"/,
    );
  });

  it("adds sections of its own in an open area, and buttons of its own before the hero's and after the closing's", () => {
    const stats = {
      type: 'StatBand',
      id: 'at-a-glance',
      stats: [
        { value: '24/7', label: 'Coverage' },
        { value: '50+', label: 'Languages' },
      ],
    };
    const { problems, pages } = load(
      useCasePage([
        { ...hero, buttons: [{ label: 'Try Our Agent Now', href: 'panel:chat' }] },
        { slot: 'more-after-hero', blocks: [stats] },
        benefits,
        capabilities,
        { slot: 'closing', buttons: [{ label: 'Schedule Meeting', href: 'site:scheduling' }] },
      ]),
    );
    expect(problems.map(formatProblem)).toEqual([]);
    const blocks = pages.find((p) => p.route === '/use-cases/upsell-campaigns')!.doc.blocks;
    expect(blocks.map((b) => b.type)).toEqual(['Hero', 'StatBand', 'CardGrid', 'Checklist', 'CallToAction']);
    expect(blocks[0]).toMatchObject({ buttons: [{ label: 'Try Our Agent Now' }, { label: 'Get Started Free' }, { label: 'Learn More' }] });
    expect(blocks[4]).toMatchObject({
      heading: 'Get Started Today',
      buttons: [{ label: 'Get Started Free' }, { label: 'Schedule Meeting' }],
    });
  });

  it('pinpoints a broken block inside an open area, by its block type', () => {
    const broken = {
      type: 'StatBand',
      stats: [
        { value: 24, label: 'Coverage' },
        { value: '50+', label: 'Languages' },
      ],
    };
    expect(messages(useCasePage([hero, { slot: 'more-after-hero', blocks: [broken] }, benefits, capabilities]))).toEqual([
      `${FILE}: blocks[1] (more-after-hero, open area) blocks[0] (StatBand) stats[0].value: expected a string, got a number\n` +
        '  hint: put it in quotes: "24"',
    ]);
    expect(messages(useCasePage([hero, { slot: 'more-after-hero', blocks: [{ type: 'Heroo' }] }, benefits, capabilities]))[0]).toMatch(
      /blocks\[1\] \(more-after-hero, open area\) blocks\[0\] \(Heroo\) type: unknown block type "Heroo"/,
    );
  });

  it('names an unknown template', () => {
    expect(messages({ ...useCasePage([hero]), template: 'use-cse' })[0]).toMatch(
      /template: unknown template "use-cse"\n {2}hint: did you mean "use-case"\? templates: use-case/,
    );
  });
});

describe('the template', () => {
  it('changes every page of its kind with one edit (a new label, a new section)', () => {
    const edited = structuredClone(useCaseTemplate);
    edited.sections.find((s: { slot: string }) => s.slot === 'closing').shared.heading = 'Start Today';
    edited.sections.splice(-1, 0, { slot: 'faq', block: 'StatBand', shared: { stats: [{ value: '24/7', label: 'Always on' }] } });
    const files = {
      ...baseFiles(),
      '_templates/use-case.json': edited,
      'use-cases/upsell-campaigns.json': useCasePage([hero, benefits, capabilities]),
      'use-cases/win-back.json': useCasePage([hero, benefits, capabilities, beyond], {
        meta: {
          title: 'Win-Back Campaigns | Reachwell',
          description: 'AI agents that bring lapsed customers back by email, SMS and voice.',
        },
        useCase: { ...record, title: 'Win-Back Campaigns' },
      }),
    };
    const { problems, pages } = validateFiles(files);
    expect(problems.map(formatProblem)).toEqual([]);
    for (const page of pages.filter((p) => p.template === 'use-case')) {
      expect(page.doc.blocks.at(-1)).toMatchObject({ type: 'CallToAction', heading: 'Start Today' });
      expect(page.doc.blocks.at(-2)).toMatchObject({ type: 'StatBand', stats: [{ value: '24/7' }] });
    }
  });

  it('checks its pages as it is now, not by the JSON Schema committed for it before the edit', () => {
    const edited = structuredClone(useCaseTemplate);
    edited.sections.find((s: { slot: string }) => s.slot === 'benefits').counts.cards = 3;
    expect(messages(useCasePage([hero, { ...benefits, cards: cards(3) }, capabilities]), edited)).toEqual([]);
  });

  it('has one shape in every language: the committed JSON Schema serves a translation of its shared text', () => {
    const shapeOf = (template: unknown) =>
      templatePageShape(compileTemplate('use-case', templateSchema.parse(template), 'use-case.json', [])!);
    const translated = structuredClone(useCaseTemplate);
    translated.sections.find((s: { slot: string }) => s.slot === 'closing').shared.heading = 'Empiece hoy';
    expect(shapeOf(translated)).toBe(shapeOf(useCaseTemplate));
    const recounted = structuredClone(useCaseTemplate);
    recounted.sections.find((s: { slot: string }) => s.slot === 'benefits').counts.cards = 3;
    expect(shapeOf(recounted)).not.toBe(shapeOf(useCaseTemplate));
  });

  it('reports a shared field its block does not have, in the template file', () => {
    const broken = structuredClone(useCaseTemplate);
    broken.sections[0].shared.subhead = 'x';
    expect(messages(useCasePage([hero, benefits, capabilities]), broken)[0]).toMatch(
      /^pages-json\/_templates\/use-case\.json: sections\[0\] \(hero\) shared: unknown field "subhead"/,
    );
  });
});

/** Every file of the real site, so one page can be broken at a time. */
function realFiles(): Record<string, unknown> {
  const dir = join(ROOT, 'pages-json');
  const files: Record<string, unknown> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    // The media library's pictures as bytes beside their records; every other file is JSON.
    files[relative(dir, path)] = entry.name.endsWith('.json') ? JSON.parse(readFileSync(path, 'utf8')) : readFileSync(path);
  }
  return files;
}

describe('the real use-case and comparison pages', () => {
  const site = realFiles();
  const real = validateFiles(site);

  it('are valid, every one of them on its template', () => {
    expect(real.problems.map(formatProblem)).toEqual([]);
    const onTemplate = (folder: string) => real.pages.filter((p) => p.file.startsWith(`${folder}/`) && p.route !== `/${folder}`);
    expect(onTemplate('use-cases').map((p) => [p.route, p.template])).toEqual(onTemplate('use-cases').map((p) => [p.route, 'use-case']));
    expect(onTemplate('use-cases')).toHaveLength(10);
    expect(onTemplate('compare').map((p) => p.template)).toEqual(Array(6).fill('comparison'));
  });

  it("all state the platform's price from the Growth plan, on every comparison page", () => {
    const growth = real.collections.plans.find((plan) => plan.id === 'growth')!;
    expect(growth.price).toEqual({ amount: 149, currency: 'USD' });
    for (const page of real.pages.filter((p) => p.template === 'comparison'))
      expect(page.doc.blocks[0], page.file).toMatchObject({
        type: 'Hero',
        highlights: expect.arrayContaining(['From {plans.growth.price}/month']),
      });
  });

  it('keep the extra sections of a comparison together: the email-API page without its cost comparison fails', () => {
    const file = 'compare/reachwell-vs-email-api.json';
    const page = structuredClone(site[file]) as { blocks: { slot: string }[] };
    page.blocks = page.blocks.filter((block) => block.slot !== 'cost');
    const { problems } = validateFiles({ ...site, [file]: page });
    expect(problems.map(formatProblem)).toEqual([
      'pages-json/compare/reachwell-vs-email-api.json: blocks: the "api-service" sections of the comparison template come together: why-choose, choose-product, choose-alternative, cost\n  hint: add cost, or remove why-choose, choose-product, choose-alternative',
    ]);
  });

  it('fail when a comparison page puts its key differences after the table', () => {
    const file = 'compare/reachwell-vs-ai-voice-agents.json';
    const page = structuredClone(site[file]) as { blocks: { slot: string }[] };
    const index = page.blocks.findIndex((block) => block.slot === 'key-differences');
    const [moved] = page.blocks.splice(index, 1);
    page.blocks.splice(index + 1, 0, moved);
    const [message] = validateFiles({ ...site, [file]: page }).problems.map(formatProblem);
    expect(message).toMatch(
      /^pages-json\/compare\/reachwell-vs-ai-voice-agents\.json: blocks\[\d\] \(key-differences, CardGrid\): the comparison template puts "key-differences" before "comparison"/,
    );
  });
});
