/**
 * One markup for a photo and a drawing (src/ui/Picture): the slot's class is on the <img> either way, so a block looks
 * the same whichever a marketer puts in it (a step's illustration as wide as a photo or as a drawing), and both are
 * in a <picture>, where React writes no preload tag of its own.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PictureData } from '../../src/lib/picture-data';
import { Picture } from '../../src/ui/Picture/Picture';

const drawing: PictureData = { src: '/_img/mark.svg', width: 120, height: 28, alt: 'Acme', sources: [], priority: true };
const photo: PictureData = {
  ...drawing,
  src: '/_img/mark-240.png',
  srcset: '/_img/mark-120.png 120w, /_img/mark-240.png 240w',
  sizes: '120px',
  sources: [
    { type: 'image/avif', srcset: '/_img/mark-120.avif 120w' },
    { type: 'image/webp', srcset: '/_img/mark-120.webp 120w' },
  ],
};

describe('Picture', () => {
  it('covers a photo’s box with its placeholder until it paints, set inline (the first-load CSS is at its budget)', () => {
    const html = renderToStaticMarkup(<Picture image={{ ...photo, placeholder: 'data:image/png;base64,AAAA' }} />);
    expect(html).toContain('style="background-image:url(data:image/png;base64,AAAA);background-size:cover;background-repeat:no-repeat"');
  });

  for (const [kind, image] of [
    ['a drawing (SVG)', drawing],
    ['a photo', photo],
  ] as const) {
    it(`puts the slot's class on the img of ${kind}, inside a <picture>, with no preload tag of React's`, () => {
      const html = renderToStaticMarkup(<Picture image={image} className="slot-mark" />);
      expect(html).toMatch(/^<picture style="display:contents">/);
      expect(html).toMatch(/<img [^>]*class="[^"]* slot-mark"/);
      expect(html).not.toContain('<link');
      expect(html.match(/<source [^>]*hidden=""/g)?.length ?? 0).toBe(image.sources.length);
    });
  }
});
