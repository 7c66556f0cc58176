import type { PictureData } from '../../lib/picture-data';
import { plainText, textParts } from '../../lib/foreign-text';
import classes from './Picture.module.css';

/**
 * An image of the media library as its slot shows it (src/engine/model/picture.ts made the data): AVIF and WebP
 * sources with the original's format as fallback, a srcset for the slot's widths, its width and height always (no
 * layout shift), lazily loaded below the fold and with high priority above it, over a tiny blurred placeholder. An
 * alt text not yet translated carries its language (`lang` on the img applies to its alt).
 *
 * One markup for a photo and a drawing: the <picture> has no box of its own (`display: contents`, its sources hidden,
 * else each would take a cell of the slot's grid) and the slot's class styles the <img>, so a block's styles apply
 * alike to whichever a marketer puts in it (a step's width, a hero's column). An SVG, one file for every width, has no
 * sources; it is in a <picture> all the same, where React adds no preload tag of its own before the <img> (the page's
 * head has the one that counts, src/render/image-preload.ts). Both set in the markup, not the stylesheet: every
 * page's first-load CSS is at its budget (tests/build/client-bundle.test.ts).
 */
export function Picture({ image, className }: { image: PictureData; className?: string }) {
  const foreign = textParts(image.alt).find((part) => typeof part !== 'string');
  return (
    <picture style={{ display: 'contents' }}>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={image.sizes} hidden />
      ))}
      <img
        src={image.src}
        srcSet={image.srcset}
        sizes={image.sizes}
        width={image.width}
        height={image.height}
        alt={plainText(image.alt)}
        lang={foreign?.lang}
        loading={image.priority ? 'eager' : 'lazy'}
        fetchPriority={image.priority ? 'high' : undefined}
        decoding={image.priority ? 'sync' : 'async'}
        className={className ? `${classes.image} ${className}` : classes.image}
        style={
          image.placeholder
            ? { backgroundImage: `url(${image.placeholder})`, backgroundSize: 'cover', backgroundRepeat: 'no-repeat' }
            : undefined
        }
      />
    </picture>
  );
}
