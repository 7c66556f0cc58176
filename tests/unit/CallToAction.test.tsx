// @vitest-environment jsdom
import siteData from 'virtual:site-data';
import { describe, expect, it } from 'vitest';
import { blockHtml, parseHtml } from './render-block';

describe('CallToAction with a video button and stat tiles', () => {
  const block = {
    type: 'CallToAction',
    id: 'cta',
    heading: 'Get started',
    buttons: [{ label: 'Book Demo', href: 'site:scheduling' }],
    videoButton: { label: 'How It Works' },
    stats: [
      { value: '50+', label: 'Languages' },
      { value: '24/7', label: 'Availability' },
    ],
  };
  const doc = parseHtml(blockHtml(block));
  const section = doc.querySelector('#cta')!;

  it('links Book Demo and adds a How It Works button that opens a dialog', () => {
    expect(section.querySelector('a')!.getAttribute('href')).toBe(siteData.config.urls.scheduling);
    const video = [...section.querySelectorAll('button')].find((b) => b.textContent === 'How It Works')!;
    expect(video.getAttribute('aria-haspopup')).toBe('dialog');
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
