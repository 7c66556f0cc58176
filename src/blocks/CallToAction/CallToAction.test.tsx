// @vitest-environment jsdom
import siteData from 'virtual:site-data';
import { describe, expect, it } from 'vitest';
import { blockHtml, parseHtml } from '../../../test-support/render-block';

describe('CallToAction with panel buttons and stat tiles', () => {
  const block = {
    type: 'CallToAction',
    id: 'cta',
    heading: 'Get started',
    buttons: [
      { label: 'Book Demo', href: 'site:scheduling' },
      { label: 'How It Works', href: 'panel:video' },
      { label: 'Try Our Agent Now', href: 'panel:chat', placement: 'industry-drawer' },
    ],
    stats: [
      { value: '50+', label: 'Languages' },
      { value: '24/7', label: 'Availability' },
    ],
  };
  const doc = parseHtml(blockHtml(block));
  const section = doc.querySelector('#cta')!;

  it('links Book Demo, and makes each panel: button an island that opens its dialog', () => {
    expect(section.querySelector('a')!.getAttribute('href')).toBe(siteData.config.urls.scheduling);
    const islands = [...section.querySelectorAll('[data-island="PanelButton"]')];
    expect(islands.map((island) => JSON.parse(island.getAttribute('data-props')!))).toMatchObject([
      { panel: 'video', label: 'How It Works' },
      { panel: 'chat', label: 'Try Our Agent Now', placement: 'industry-drawer' },
    ]);
    for (const island of islands) expect(island.querySelector('button')!.getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('pairs each stat label (dt) with its figure (dd)', () => {
    expect([...section.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])).toEqual([
      ['Languages', '50+'],
      ['Availability', '24/7'],
    ]);
  });

  it('renders without the extras as before', () => {
    const plain = { type: 'CallToAction', heading: 'Get started', buttons: [{ label: 'Go', href: '/' }] };
    const html = blockHtml(plain);
    expect(html).not.toContain('<dl');
    expect(html).not.toContain('aria-haspopup');
  });
});
