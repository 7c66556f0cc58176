// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { blockHtml, parseHtml } from '../../../test-support/render-block';

describe('LogoStrip', () => {
  const block = {
    type: 'LogoStrip',
    id: 'strip',
    heading: 'Connects to your systems',
    items: [{ name: 'CRM', icon: 'users' }, { name: 'REST API' }],
    note: 'No rip-and-replace.',
  };
  const doc = parseHtml(blockHtml(block));

  it('renders the names as text wordmarks under an h2, with decorative icons and no images', () => {
    expect(doc.querySelector('#strip h2')!.textContent).toBe('Connects to your systems');
    expect([...doc.querySelectorAll('#strip li')].map((li) => li.textContent)).toEqual(['CRM', 'REST API']);
    expect(doc.querySelector('#strip img')).toBeNull();
    expect(doc.querySelector('#strip li svg')!.getAttribute('aria-hidden')).toBe('true');
    expect(doc.querySelector('#strip')!.textContent).toContain('No rip-and-replace.');
  });
});
