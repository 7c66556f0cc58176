/**
 * No figure written twice: a price lives in the plans collection, the cost comparison adds up its own lines and
 * works out the saving, and validation warns where a document writes by hand a figure a placeholder states.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEnv } from '../../src/engine/load/content-env';
import { formatProblem } from '../../src/engine/model/problems';
import { buildSiteData } from '../../src/engine/load/site-data-of';
import { errorsIn, loadContent } from '../../src/engine/load/load-content';
import { blockRenderable } from '../../src/blocks/generated/components';
import { resolveContent } from '../../src/engine/model/resolve';
import { baseFiles, hero, page, validateFiles } from './content-fixture';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The real site with its plans changed: each page's text as the build renders it, that is its head and every block's
 * props (its fields with placeholders resolved, plus what its definition computes from the collections).
 */
function renderedSite(changePlans: (plans: { items: { id: string; price: unknown }[] }) => void) {
  const root = mkdtempSync(join(tmpdir(), 'figures-'));
  const dir = join(root, 'pages-json');
  cpSync(join(ROOT, 'pages-json'), dir, { recursive: true });
  const plansFile = join(dir, '_collections', 'plans.json');
  const plans = JSON.parse(readFileSync(plansFile, 'utf8'));
  changePlans(plans);
  writeFileSync(plansFile, JSON.stringify(plans, null, 2));
  const { pages, collections, site, problems } = loadContent(dir, root);
  expect(errorsIn(problems).map(formatProblem)).toEqual([]);
  const context = {
    site: buildSiteData(site!, pages, buildEnv()),
    collections,
    routes: new Set(pages.flatMap((p) => (p.route ? [p.route] : []))),
  };
  const resolve = <T>(value: T) => resolveContent(value, context.site.config, collections);
  return new Map(
    pages.map((p) => {
      const blocks = p.doc.blocks.map((block) => blockRenderable(block, context, resolve).props);
      return [p.route ?? '404', JSON.stringify([resolve(p.doc.meta), blocks])];
    }),
  );
}

describe('a price changed in one place', () => {
  it('changes every sentence that states it, and the saving the cost comparison works out', () => {
    const before = renderedSite(() => undefined);
    const email = before.get('/compare/reachwell-vs-email-api')!;
    for (const figure of ['$89.95/month', '$200+/month', '$5,000+/month', '$5,440+/month', 'From $149/month', '$5,291'])
      expect(email).toContain(figure);

    const after = renderedSite((plans) => {
      plans.items.find((plan) => plan.id === 'growth')!.price = { amount: 159, currency: 'USD' };
    });
    for (const [route, text] of after) expect(text, route).not.toMatch(/\$149(?![\d,])/);
    const changed = after.get('/compare/reachwell-vs-email-api')!;
    expect(changed).toContain('From $159/month');
    expect(changed).toContain('$5,281');
    expect(changed).not.toContain('$5,291');
    expect(after.get('/')).toContain('$159');
  });
});

describe('validation of figures', () => {
  const warnings = (files: Record<string, unknown>) =>
    validateFiles({ ...baseFiles(), ...files })
      .problems.filter((p) => p.severity === 'warning')
      .map(formatProblem);

  it('warns where a page writes by hand a price or the phone number a placeholder states', () => {
    const plans = JSON.parse(readFileSync(join(ROOT, 'pages-json', '_collections', 'plans.json'), 'utf8'));
    expect(
      warnings({
        '_collections/plans.json': plans,
        'terms.json': page([{ ...hero, subheading: 'From $149/month, or call +1 (212) 555-0147.' }]),
      }),
    ).toEqual([
      'warning: pages-json/terms.json: blocks[0] (Hero) subheading: "$149" is written by hand, and {plans.growth.price} states it\n' +
        '  hint: write {plans.growth.price} instead, so the text follows when the figure changes',
      'warning: pages-json/terms.json: blocks[0] (Hero) subheading: "+1 (212) 555-0147" is written by hand, and {phone} states it\n' +
        '  hint: write {phone} instead, so the text follows when the figure changes',
    ]);
    expect(
      warnings({
        '_collections/plans.json': plans,
        'terms.json': page([{ ...hero, subheading: 'From {plans.growth.price}/month: $1,490 a year.' }]),
      }),
    ).toEqual([]);
  });

  it('warns where a sentence counts a collection', () => {
    const jobs = JSON.parse(readFileSync(join(ROOT, 'pages-json', '_collections', 'jobs.json'), 'utf8'));
    expect(jobs.items).toHaveLength(2);
    expect(
      warnings({ '_collections/jobs.json': jobs, 'terms.json': page([{ ...hero, subheading: 'Both roles are full-time.' }]) }),
    ).toEqual([
      'warning: pages-json/terms.json: blocks[0] (Hero) subheading: "Both roles" counts the jobs collection (2 now), and is wrong once a record is added or removed\n' +
        '  hint: write {jobs.count} for the number, or say it without counting',
    ]);
  });

  it('refuses a cost comparison whose figures cannot be worked out, at the field', () => {
    const cost = (product: object, extra: object = {}) => ({
      type: 'CostComparison',
      labels: { orMore: '{figure}+', from: 'From {figure}' },
      alternative: { heading: 'A stack', lines: [{ label: 'Tool', cost: { value: 200 } }], total: { label: 'Total' } },
      product: { heading: '{product}', lines: [product] },
      saving: { label: 'Saved' },
      ...extra,
    });
    const plans = JSON.parse(readFileSync(join(ROOT, 'pages-json', '_collections', 'plans.json'), 'utf8'));
    const errors = (block: object) =>
      errorsIn(validateFiles({ ...baseFiles(), '_collections/plans.json': plans, 'terms.json': page([hero, block]) }).problems).map(
        formatProblem,
      );
    expect(errors(cost({ label: 'Plan', cost: { plan: 'enterprise' } }, { currency: 'USD' }))).toEqual([
      'pages-json/terms.json: blocks[1] (CostComparison) product.lines[0].cost.plan: the Enterprise plan\'s price is "Custom", not a figure\n' +
        '  hint: choose a plan with a price: starter, growth, enterprise',
    ]);
    expect(errors(cost({ label: 'Plan', cost: { plan: 'growth' } }))).toEqual([
      'pages-json/terms.json: blocks[1] (CostComparison) currency: costs given as values need the block\'s "currency"\n  hint: add "currency": "USD"',
    ]);
    expect(errors(cost({ label: 'Setup', amount: '15 minutes' }, { currency: 'USD' }))).toEqual([
      'pages-json/terms.json: blocks[1] (CostComparison) product.lines[0]: this line has no cost, so the saving cannot be computed\n' +
        '  hint: give every line of both sides a cost, or remove "total" and "saving"',
    ]);
  });
});
