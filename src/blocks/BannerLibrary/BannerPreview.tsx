import type { BannerAd } from '../../engine/model/collections/banner-ads';
import lazy from '../../ui/lazy-card.module.css';
import { previewOf, sizeCategory } from './banner-sizes';
import classes from './BannerLibrary.module.css';

/**
 * Text sizes and spacing at the ad's real size, in px, as a designer would set them for that format:
 * the headline about a tenth of the ad's shorter side (so a square or story ad reads as boldly as a
 * medium rectangle; an eighth in tall, narrow formats), smaller in wide, short formats, which lay out
 * in a row.
 */
function typeScale(width: number, height: number) {
  const wide = width / height >= 3;
  const tall = height / width >= 1.5;
  const headline = Math.round(wide ? Math.min(width * 0.04, height * 0.28) : Math.min(width, height) * (tall ? 0.12 : 0.1));
  return { wide, headline, padding: Math.round(Math.min(width, height) * (wide ? 0.12 : 0.08)) };
}

/** The CSS variables an ad is drawn with: its real size and type, and the width its preview takes. */
function adStyle(size: string) {
  const { width, height, scale } = previewOf(size);
  const { wide, headline, padding } = typeScale(width, height);
  const style = {
    '--ad-width': width,
    '--ad-height': height,
    '--ad-max-width': `${Math.round(width * scale)}px`,
    '--ad-headline': headline,
    '--ad-padding': padding,
  } as React.CSSProperties;
  return { style, wide, width, height };
}

interface BannerPreviewProps {
  ad: BannerAd;
  /** Its attributes as an entry of the filtered list. */
  entry: Record<string, string>;
  /** A fixed value (size category, persona) as visitors read it in the page's language. */
  nameOf: (value: string) => string;
}

/**
 * One ad drawn in the brand colours at its preview size: its real proportions and type, scaled down as
 * the size table says and never wider than the card (container units keep everything in proportion).
 */
export function BannerPreview({ ad, entry, nameOf }: BannerPreviewProps) {
  const { style, wide } = adStyle(ad.size);
  return (
    <li className={`${classes.item} ${lazy.lazyCard}`} {...entry}>
      <figure className={classes.figure}>
        <div className={classes.preview} style={style}>
          <div className={classes.ad} data-layout={wide ? 'row' : 'column'} data-collections={ad.isCollections || undefined}>
            <div className={classes.copy}>
              <p className={classes.headline}>{ad.headline}</p>
              {ad.subtext && <p className={classes.subtext}>{ad.subtext}</p>}
            </div>
            {ad.cta && <span className={classes.cta}>{ad.cta}</span>}
          </div>
        </div>
        <figcaption className={classes.caption}>
          <strong>{ad.size}</strong> · {nameOf(sizeCategory(ad.size))} · {nameOf(ad.persona)}
        </figcaption>
      </figure>
    </li>
  );
}

/** A size with a preview but no ad yet: its frame at its preview size, its dimensions, and the note beside its name. */
export function FormatPreview({ size, note }: { size: string; note: string }) {
  const { style, width, height } = adStyle(size);
  return (
    <figure className={classes.figure}>
      <div className={classes.preview} style={style}>
        <div className={classes.format} aria-hidden="true">
          {width}×{height}
        </div>
      </div>
      <figcaption className={classes.caption}>
        <strong>{size}</strong> · {note}
      </figcaption>
    </figure>
  );
}
