// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { blockHtml, parseHtml } from '../../../test-support/render-block';

describe('FAQ on the server', () => {
  const block = {
    type: 'FAQ',
    id: 'faq',
    heading: 'Questions',
    items: [
      { question: 'Does it work outside the US?', answer: 'Yes, in more than 50 languages.' },
      { question: 'Can customers reply?', answer: 'Yes, email is two-way.' },
    ],
  };
  const doc = parseHtml(blockHtml(block));

  it('puts every question in an h3 button, all closed', () => {
    const buttons = [...doc.querySelectorAll('#faq h3 > button')];
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-expanded')])).toEqual([
      ['Does it work outside the US?', 'false'],
      ['Can customers reply?', 'false'],
    ]);
  });

  it('keeps closed answers in the prerendered markup (for readers without JavaScript and for search engines)', () => {
    const regions = [...doc.querySelectorAll('#faq [role="region"]')];
    expect(regions.map((r) => r.textContent)).toEqual(['Yes, in more than 50 languages.', 'Yes, email is two-way.']);
  });
});
