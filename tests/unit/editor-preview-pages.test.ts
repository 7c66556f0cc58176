/**
 * Which pages the editor previews a document on (src/editor/server/preview-pages.ts): a collection on every page
 * whose blocks declare it (`collections` in their block.ts) or whose text quotes its figures, a template on every
 * page written on it, the site configuration on any page; the home page first.
 */
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { loadContent } from '../../src/engine/load/load-content';
import { previewPagesOf } from '../../src/editor/server/preview-pages';
import { blockDefinitions } from '../../src/blocks/generated/blocks';

const result = loadContent(CONTENT_DIR);
const routes = (file: string, kind: 'collection' | 'template' | 'site') => previewPagesOf(file, kind, result).map((page) => page.route);
const comparisons = result.pages.filter((page) => page.template === 'comparison').map((page) => page.route);

describe('the pages a document is previewed on', () => {
  it('shows the plans on the home page (pricing) and on the six comparison pages (their cost and quoted price)', () => {
    expect(comparisons).toHaveLength(6);
    expect(routes('_collections/plans.json', 'collection')).toEqual(['/', ...[...comparisons].sort()]);
  });

  it('shows each other collection where a block declares it', () => {
    expect(routes('_collections/use-cases.json', 'collection')).toEqual(['/', '/use-cases']);
    expect(routes('_collections/jobs.json', 'collection')).toEqual(['/careers']);
    expect(routes('_collections/banner-ads.json', 'collection')).toEqual(['/style-guide']);
  });

  it('declares it, rather than guessing from descriptions: a link strip with its own pills shows no collection', () => {
    expect(blockDefinitions.Pricing.collections({} as never)).toEqual(['plans']);
    expect(blockDefinitions.LinkStrip.collections({ type: 'LinkStrip', items: [{ label: 'A', href: '/' }] } as never)).toEqual([]);
    expect(blockDefinitions.LinkStrip.collections({ type: 'LinkStrip', useCases: {} } as never)).toEqual(['use-cases']);
    expect(blockDefinitions.Hero.collections({} as never)).toEqual([]);
  });

  it('shows a template on every page written on it, and the site configuration on every page, the home page first', () => {
    expect(routes('_templates/comparison.json', 'template')).toEqual([...comparisons].sort());
    const site = routes('_site.json', 'site');
    expect(site[0]).toBe('/');
    expect(site).toHaveLength(result.pages.filter((page) => page.route !== null).length);
  });
});
