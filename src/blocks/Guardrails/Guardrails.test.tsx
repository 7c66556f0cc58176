// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { blockHtml, parseHtml } from '../../../test-support/render-block';

const block = {
  type: 'Guardrails',
  id: 'guardrails',
  heading: 'Guardrails',
  metrics: [
    { value: '100%', label: 'Coverage' },
    { value: '0.1s', label: 'Review speed' },
  ],
  stepsHeading: 'Four checks',
  steps: [
    { title: 'AI content generation', description: 'Drafted.' },
    { title: 'Legal AI review', description: 'Checked.' },
  ],
  sample: {
    heading: 'Sample call review',
    score: '99.8%',
    scoreLabel: 'Compliance score',
    checks: ['Consent confirmed', 'Opt-out offered'],
  },
};

describe('Guardrails', () => {
  const doc = parseHtml(blockHtml(block));
  const section = doc.querySelector('#guardrails')!;

  it('pairs each metric label (dt) with its figure (dd)', () => {
    const pairs = [...section.querySelectorAll('dl')[0].querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Coverage', '100%'],
      ['Review speed', '0.1s'],
    ]);
  });

  it('numbers the review steps with an ordered list', () => {
    expect([...section.querySelectorAll('ol > li h4')].map((h) => h.textContent)).toEqual(['AI content generation', 'Legal AI review']);
  });

  it('shows the sample score with its label and the checks it passed', () => {
    const sample = [...section.querySelectorAll('h3')].find((h) => h.textContent === 'Sample call review')!.parentElement!;
    expect(sample.querySelector('dt')!.textContent).toBe('Compliance score');
    expect(sample.querySelector('dd')!.textContent).toBe('99.8%');
    expect([...sample.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['Consent confirmed', 'Opt-out offered']);
  });
});
