// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { blockHtml, context } from '../../../tests/unit/render-block';

const block = {
  type: 'ComparisonTable',
  id: 'comparison',
  heading: 'Feature by feature',
  columns: { feature: 'Feature', product: '{product}', competitor: 'Email-delivery API service' },
  marks: { yes: 'Yes', no: 'No' },
  rows: [
    {
      feature: 'Email delivery',
      product: { available: true, description: 'Two-way email.' },
      competitor: { available: true, description: 'High-volume delivery.' },
    },
    {
      feature: 'Prospect lists',
      product: { available: false, description: 'Focused on existing customers.' },
      competitor: { available: false, description: 'Not offered.' },
    },
  ],
};

const html = blockHtml(block);
const table = new DOMParser().parseFromString(html, 'text/html').querySelector('#comparison table')!;
const rows = [...table.querySelectorAll('tbody tr')];

describe('ComparisonTable', () => {
  it('uses the column headings from the document, with the product name resolved', () => {
    expect([...table.querySelectorAll('thead th[scope="col"]')].map((th) => th.textContent)).toEqual([
      'Feature',
      context.site.config.brand.productName,
      'Email-delivery API service',
    ]);
  });

  it('makes each feature a row header', () => {
    expect(rows.map((tr) => tr.querySelector('th[scope="row"]')?.textContent)).toEqual(['Email delivery', 'Prospect lists']);
  });

  it('gives every mark a spoken Yes or No before its description, matching availability', () => {
    const cellTexts = rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cellTexts).toEqual([
      ['Yes: Two-way email.', 'Yes: High-volume delivery.'],
      ['No: Focused on existing customers.', 'No: Not offered.'],
    ]);
    // The icons themselves stay out of the accessibility tree.
    for (const svg of table.querySelectorAll('td svg')) expect(svg.getAttribute('aria-hidden')).toBe('true');
  });

  it('names the table and its keyboard-scrollable region after the section heading', () => {
    const caption = table.querySelector('caption')!;
    expect(caption.textContent).toBe('Feature by feature');
    const region = table.closest('[role="region"]')!;
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.getAttribute('aria-labelledby')).toBe(caption.id);
  });
});
