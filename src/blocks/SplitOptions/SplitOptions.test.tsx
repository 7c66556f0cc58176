// @vitest-environment jsdom
import siteData from 'virtual:site-data';
import { describe, expect, it } from 'vitest';
import { schema } from './schema';
import { blockHtml, parseHtml } from '../../../test-support/render-block';

const option = (title: string, extra: Record<string, unknown> = {}) => ({ title, description: `${title} description`, ...extra });
const block = {
  type: 'SplitOptions',
  id: 'options',
  heading: 'Run it your way',
  options: [
    option('Use your own stack', { badge: 'Self-serve', points: ['REST API'], button: { label: 'Try It For Free', href: 'site:signUp' } }),
    option('Let our team manage it', { button: { label: 'Talk to Our Team', href: 'site:scheduling' } }),
  ],
};

describe('SplitOptions', () => {
  it('shows each option with its title, inclusions and button', () => {
    const html = blockHtml(block);
    const doc = parseHtml(html);
    const options = [...doc.querySelectorAll('#options ul')[0].children];
    expect(options.map((o) => o.querySelector('h3')!.textContent)).toEqual(['Use your own stack', 'Let our team manage it']);
    expect(options[0].textContent).toContain('Self-serve');
    expect(options[0].textContent).toContain('REST API');
    expect(options.map((o) => o.querySelector('a')!.getAttribute('href'))).toEqual([
      siteData.config.urls.signUp,
      siteData.config.urls.scheduling,
    ]);
  });

  it('takes two or three options', () => {
    expect(schema.safeParse({ ...block, options: [block.options[0]] }).success).toBe(false);
  });
});
