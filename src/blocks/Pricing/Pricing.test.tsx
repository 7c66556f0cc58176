// @vitest-environment jsdom
import siteData from 'virtual:site-data';
import { describe, expect, it } from 'vitest';
import { collectionFileSchema } from '../../engine/model/collections';
import { blockHtml, parseHtml, siteRenderContext } from '../../../test-support/render-block';

const plan = (name: string, extra: Record<string, unknown> = {}) => ({
  id: name.toLowerCase(),
  name,
  price: '$10',
  period: '/month',
  description: `${name} plan`,
  features: [`${name} feature`],
  cta: 'Book Demo',
  ctaUrl: 'site:scheduling',
  ...extra,
});
const plans = [
  plan('Starter'),
  plan('Growth', { price: '$149', popular: true }),
  plan('Enterprise', { price: 'Custom', period: undefined, cta: 'Request Proposal' }),
];
const block = {
  type: 'Pricing',
  id: 'pricing',
  heading: 'Plans',
  popularLabel: 'Most Popular',
  footnote: 'All plans include 24/7 support.',
  carousel: { label: 'Pricing plans', dotsLabel: 'Choose a plan' },
};
const plansFile = collectionFileSchema('plans');

/** The block rendered on the server from a plans collection of the test's own. */
function serverDocument() {
  const context = siteRenderContext();
  const parsed = plansFile.parse({ items: plans }).items as typeof context.collections.plans;
  return parseHtml(blockHtml(block, { ...context, collections: { ...context.collections, plans: parsed } }));
}

describe('the plans collection', () => {
  it('accepts the plan fields of the spec', () => {
    expect(plansFile.safeParse({ items: plans }).error?.issues ?? []).toEqual([]);
  });

  it('allows at most one popular plan', () => {
    const twoPopular = { items: [plan('A', { popular: true }), plan('B', { popular: true })] };
    expect(plansFile.safeParse(twoPopular).error?.issues.map((i) => i.message)).toEqual(['at most one plan can be popular']);
  });

  it('rejects a button target outside the allowed link schemes', () => {
    expect(plansFile.safeParse({ items: [plan('A', { ctaUrl: 'javascript:alert(1)' })] }).success).toBe(false);
  });
});

describe('Pricing on the server', () => {
  const doc = serverDocument();

  it('prerenders every plan as a list item, readable without JavaScript, and no carousel', () => {
    const items = [...doc.querySelectorAll('#pricing ul > li')].filter((li) => li.querySelector('h3'));
    expect(items.map((li) => li.querySelector('h3')!.textContent)).toEqual(['Starter', 'Growth', 'Enterprise']);
    expect(items[1].textContent).toContain('$149');
    expect(items[1].textContent).toContain('/month');
    expect(items[2].textContent).toContain('Custom');
    expect(items[2].textContent).not.toContain('/month');
    expect(doc.querySelector('[aria-roledescription="carousel"]')).toBeNull();
  });

  it('marks only the popular plan', () => {
    const badges = [...doc.querySelectorAll('#pricing li')].filter((li) => li.textContent!.includes('Most Popular'));
    expect(badges.map((li) => li.querySelector('h3')!.textContent)).toEqual(['Growth']);
  });

  it('links each plan button to its resolved target', () => {
    const buttons = [...doc.querySelectorAll('#pricing a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(buttons).toEqual([
      ['Book Demo', siteData.config.urls.scheduling],
      ['Book Demo', siteData.config.urls.scheduling],
      ['Request Proposal', siteData.config.urls.scheduling],
    ]);
  });

  it('shows the footnote', () => {
    expect(doc.querySelector('#pricing')!.textContent).toContain('All plans include 24/7 support.');
  });
});
