// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { blockHtml, context } from '../../../test-support/render-block';

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
    // What a screen reader reads in each cell: all but the column name shown on phones (aria-hidden).
    const spoken = (td: Element) =>
      [...td.querySelectorAll('*')]
        .filter((el) => !el.closest('[aria-hidden="true"]') && el.children.length === 0)
        .map((el) => el.textContent)
        .join('');
    const cellTexts = rows.map((tr) => [...tr.querySelectorAll('td')].map(spoken));
    expect(cellTexts).toEqual([
      ['Yes: Two-way email.', 'Yes: High-volume delivery.'],
      ['No: Focused on existing customers.', 'No: Not offered.'],
    ]);
    // The icons themselves stay out of the accessibility tree.
    for (const svg of table.querySelectorAll('td svg')) expect(svg.getAttribute('aria-hidden')).toBe('true');
  });

  it('names each side by its column in the cell (shown on phones, where each row is a card), hidden from screen readers, which announce the column header', () => {
    const labels = rows.map((tr) => [...tr.querySelectorAll('td > [aria-hidden="true"]')].map((label) => label.textContent));
    const { productName } = context.site.config.brand;
    expect(labels).toEqual([
      [productName, 'Email-delivery API service'],
      [productName, 'Email-delivery API service'],
    ]);
  });

  it('states every table role, so restyling the table for phones keeps its semantics, and is named after the section heading', () => {
    expect(table.getAttribute('role')).toBe('table');
    expect([...table.querySelectorAll('thead, tbody')].map((group) => group.getAttribute('role'))).toEqual(['rowgroup', 'rowgroup']);
    expect([...table.querySelectorAll('tr')].every((tr) => tr.getAttribute('role') === 'row')).toBe(true);
    expect([...table.querySelectorAll('th[scope="col"]')].every((th) => th.getAttribute('role') === 'columnheader')).toBe(true);
    expect([...table.querySelectorAll('th[scope="row"]')].every((th) => th.getAttribute('role') === 'rowheader')).toBe(true);
    expect([...table.querySelectorAll('td')].every((td) => td.getAttribute('role') === 'cell')).toBe(true);
    const caption = table.querySelector('caption')!;
    expect(caption.textContent).toBe('Feature by feature');
    expect(table.getAttribute('aria-labelledby')).toBe(caption.id);
  });
});
