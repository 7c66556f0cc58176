// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { schema } from './schema';
import { blockHtml, parseHtml } from '../../../test-support/render-block';

const block = {
  type: 'Steps',
  id: 'how-it-works',
  heading: 'How it works',
  steps: [
    { icon: 'brain', title: 'Train', description: 'Teach the agents.' },
    { title: 'Launch', description: 'Start the campaign.' },
    { title: 'Drive Results', description: 'Watch them convert.' },
  ],
} as const;

describe('Steps', () => {
  it('renders the steps as an ordered list, in order, each titled with an h3 under the h2', () => {
    const doc = parseHtml(blockHtml(block));
    expect(doc.querySelector('#how-it-works h2')!.textContent).toBe('How it works');
    const items = [...doc.querySelectorAll('#how-it-works ol > li')];
    expect(items.map((li) => li.querySelector('h3')!.textContent)).toEqual(['Train', 'Launch', 'Drive Results']);
    expect(items[0].textContent).toContain('Teach the agents.');
  });

  it('needs at least two steps', () => {
    expect(schema.safeParse({ ...block, steps: [block.steps[0]] }).success).toBe(false);
  });
});
