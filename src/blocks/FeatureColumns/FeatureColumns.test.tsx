// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { blockHtml, parseHtml } from '../../../test-support/render-block';

describe('FeatureColumns', () => {
  const block = {
    type: 'FeatureColumns',
    id: 'channels',
    heading: 'Channels',
    columns: [
      { icon: 'mail', title: 'Email', description: 'Two-way email.', points: ['HTML or plain-text templates'] },
      { title: 'SMS', description: 'Texts.' },
    ],
    shared: { heading: 'Built into every channel', features: [{ title: 'Frequency capping', description: 'Limits per customer.' }] },
  };
  const doc = parseHtml(blockHtml(block));
  const section = doc.querySelector('#channels')!;

  it('titles each column with an h3 and lists its points', () => {
    expect([...section.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['Email', 'SMS', 'Built into every channel']);
    expect(section.textContent).toContain('HTML or plain-text templates');
  });

  it('lists the shared features under their own h3, each with an h4', () => {
    expect([...section.querySelectorAll('h4')].map((h) => h.textContent)).toEqual(['Frequency capping']);
    expect(section.textContent).toContain('Limits per customer.');
  });
});
