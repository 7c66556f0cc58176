import type { BannerAd } from '../../engine/collections/banner-ads';
import { previewOf, sizeCategory } from './banner-sizes';
import lazy from '../../ui/lazy-card.module.css';
import classes from './BannerLibrary.module.css';

/** Text sizes at the ad's real size, in px: wide, short formats lay out in a row with smaller type. */
function typeScale(width: number, height: number) {
  const wide = width / height >= 3;
  const headline = Math.round(wide ? Math.min(width * 0.035, height * 0.26) : Math.min(width * 0.075, height * 0.085, 72));
  return { wide, headline, padding: Math.round(Math.min(width, height) * (wide ? 0.12 : 0.08)) };
}

interface BannerPreviewProps {
  ad: BannerAd;
  /** Its attributes as an entry of the filtered list. */
  entry: Record<string, string>;
}

/**
 * One ad drawn in the brand colours at its preview size: its real proportions, scaled down as the
 * size table says and never wider than the card (container units keep text in proportion on phones).
 */
export function BannerPreview({ ad, entry }: BannerPreviewProps) {
  const { width, height, scale } = previewOf(ad.size);
  const { wide, headline, padding } = typeScale(width, height);
  const style = {
    '--ad-width': width,
    '--ad-height': height,
    '--ad-max-width': `${Math.round(width * scale)}px`,
    '--ad-headline': headline,
    '--ad-padding': padding,
  } as React.CSSProperties;
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
          <strong>{ad.size}</strong> · {sizeCategory(ad.size)} · {ad.persona}
        </figcaption>
      </figure>
    </li>
  );
}
