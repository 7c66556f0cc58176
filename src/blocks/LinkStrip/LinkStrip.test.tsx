// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { blockHtml, parseHtml } from '../../../test-support/render-block';

describe('LinkStrip', () => {
  const block = {
    type: 'LinkStrip',
    id: 'use-cases',
    heading: 'Use cases',
    items: [{ label: 'Collections', icon: 'coin', href: '/use-cases/collections' }, { label: 'Surveys' }],
    more: { label: 'Browse all use cases', href: '/use-cases' },
  };
  const doc = parseHtml(blockHtml(block));

  it('makes a pill a link only when it has a target', () => {
    const items = [...doc.querySelectorAll('#use-cases ul > li')];
    expect(items[0].querySelector('a')!.getAttribute('href')).toBe('/use-cases/collections');
    expect(items[0].textContent).toBe('Collections');
    expect(items[1].querySelector('a')).toBeNull();
    expect(items[1].textContent).toBe('Surveys');
  });

  it('ends with the "see all" link', () => {
    const more = [...doc.querySelectorAll('#use-cases a')].at(-1)!;
    expect([more.textContent, more.getAttribute('href')]).toEqual(['Browse all use cases', '/use-cases']);
  });
});
