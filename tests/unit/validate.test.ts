import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/engine/problems';
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
      'pages-json/use-cases/upsell-campaigns.json: blocks[3] (StatBand) stats[1].value: expected a string, got a number',
    ]);
  });

  it('lists the known block types for an unknown one', () => {
    const [message] = messages({ ...baseFiles(), 'terms.json': page([hero, { type: 'Heroo', heading: 'x' }]) });
    expect(message).toMatch(
      /^pages-json\/terms\.json: blocks\[1\] \(Heroo\) type: unknown block type "Heroo"\. Known types: .*CallToAction, CardGrid, .*Hero, .*StatBand/,
    );
    expect(message).toContain('hint: every block needs "type"');
  });

  it('reports a missing required field', () => {
    expect(messages({ ...baseFiles(), 'terms.json': page([{ type: 'Hero' }]) })).toEqual([
      'pages-json/terms.json: blocks[0] (Hero) heading: missing required field (expected a string)\n  hint: add the field, or check its spelling',
    ]);
  });

  it('reports a misspelt field', () => {
    const [message] = messages({ ...baseFiles(), 'terms.json': page([{ ...hero, subheadline: 'x' }]) });
    expect(message).toMatch(/^pages-json\/terms\.json: blocks\[0\] \(Hero\): unknown field "subheadline"/);
  });

  it.each([['javascript:alert(1)'], ['data:text/html,hi'], ['http://example.com']])('rejects the link scheme of %s', (href) => {
    const [message] = messages({ ...baseFiles(), 'terms.json': page([{ ...hero, buttons: [{ label: 'Go', href }] }]) });
    expect(message).toMatch(
      /^pages-json\/terms\.json: blocks\[0\] \(Hero\) buttons\[0\]\.href: expected a site path \(\/\.\.\.\), #anchor, https:\/\/, mailto:, tel:, sms: or site:<key> link/,
    );
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
      'pages-json/terms.json: blocks[0] (Hero) buttons[0].href: broken link: no page has the route /nowhere\n  hint: check the path, or add pages-json/nowhere.json',
      'pages-json/terms.json: blocks[0] (Hero) buttons[1].href: broken link: / has no block with id "pricing"\n  hint: ids on that page: faq',
    ]);
  });

  it('reports an unknown site: link and an unknown placeholder', () => {
    const files = {
      ...baseFiles(),
      'terms.json': page([{ ...hero, heading: 'Meet {prodcut}', buttons: [{ label: 'A', href: 'site:signup' }] }]),
    };
    const out = messages(files);
    expect(out).toContainEqual(
      expect.stringMatching(
        /^pages-json\/terms\.json: blocks\[0\] \(Hero\) buttons\[0\]\.href: unknown site link "site:signup"\n {2}hint: known keys: signUp, signIn/,
      ),
    );
    expect(out).toContainEqual(
      expect.stringMatching(/^pages-json\/terms\.json: blocks\[0\] \(Hero\) heading: unknown placeholder \{prodcut\}/),
    );
  });

  it('checks link fields not named href, such as a pricing plan ctaUrl', () => {
    const pricing = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/blocks/Pricing/example.json'), 'utf8'));
    pricing.plans[0].ctaUrl = 'site:calendar';
    pricing.plans[1].ctaUrl = '/pricing-page';
    const out = messages({ ...baseFiles(), 'terms.json': page([hero, pricing]) });
    expect(out).toContainEqual(
      expect.stringMatching(/^pages-json\/terms\.json: blocks\[1\] \(Pricing\) plans\[0\]\.ctaUrl: unknown site link "site:calendar"/),
    );
    expect(out).toContainEqual(
      expect.stringMatching(
        /^pages-json\/terms\.json: blocks\[1\] \(Pricing\) plans\[1\]\.ctaUrl: broken link: no page has the route \/pricing-page/,
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
      ['warning', 'warning: pages-json/terms.json: meta.title: title is 61 characters; search engines cut titles after about 60'],
      ['warning', 'warning: pages-json/terms.json: meta.description: description is 10 characters; aim for 50-160'],
    ]);
  });

  it('reports a menu whose folder has no pages, and a missing not-found page', () => {
    const files = baseFiles();
    delete files['404.json'];
    (files['_site.json'] as { header: { menus: unknown[] } }).header.menus.push({ label: 'Compare', section: 'compare' });
    expect(messages(files)).toEqual([
      'pages-json/404.json: the not-found page is missing\n  hint: add a page with a NotFound block',
      'pages-json/_site.json: header.menus[1].section: no pages in pages-json/compare/ to fill this menu',
    ]);
  });
});
