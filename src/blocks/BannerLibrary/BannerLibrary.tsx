import { Stack } from '@mantine/core';
import { useId } from 'react';
import type { BannerAd } from '../../engine/model/collections/banner-ads';
import { Island } from '../../hydration/Island';
import { Section } from '../../ui/Section';
import type { FilterSpec } from '../../widgets/filters/filter-items';
import { entryAttributes } from '../../widgets/filters/library-entries';
import type { LibraryFiltersProps } from '../../widgets/filters/LibraryFilters';
import { PREVIEWS, SIZE_CATEGORIES, sizeCategory } from './banner-sizes';
import { BannerPreview, FormatPreview } from './BannerPreview';
import type { BannerLibraryBlock, BannerLibraryData } from './schema';
import classes from './BannerLibrary.module.css';

const FILTER_KEYS = ['size', 'persona'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** Spec section 4: size category (derived from the size label) and persona, combined with AND. */
export const BANNER_FILTERS: FilterSpec<BannerAd, FilterKey> = {
  fields: { size: (ad) => sizeCategory(ad.size), persona: (ad) => ad.persona },
};

/**
 * The banner-ad library: every ad's preview is plain prerendered HTML; the two filters are a small
 * island that hides the previews that do not match, with its state in the URL.
 */
export function BannerLibrary({
  id,
  eyebrow,
  heading,
  intro,
  tinted,
  labels,
  ads,
  personas,
  countLabel,
  valueNames,
}: BannerLibraryBlock & BannerLibraryData) {
  const listId = `${id ?? 'banners'}-${useId().replace(/\W/g, '')}`;
  const nameOf = (value: string) => valueNames[value] ?? value;
  const choices: Record<FilterKey, readonly string[]> = { size: SIZE_CATEGORIES, persona: personas };
  const previewOnly = Object.keys(PREVIEWS).filter((size) => !ads.some((ad) => ad.size === size));
  const filterProps: LibraryFiltersProps = {
    listId,
    total: ads.length,
    filters: FILTER_KEYS.map((key) => ({
      key,
      label: labels[key],
      choices: [...choices[key]],
      choiceNames: Object.fromEntries(choices[key].map((choice) => [choice, nameOf(choice)])),
    })),
    labels: { all: labels.all, clear: labels.clear, count: countLabel, emptyTitle: labels.emptyTitle, emptyText: labels.emptyText },
  };

  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <Stack gap="lg">
        <Island name="LibraryFilters" hydrate="visible" props={filterProps} />
        <ul id={listId} className={classes.grid}>
          {ads.map((ad) => (
            <BannerPreview key={ad.id} ad={ad} entry={entryAttributes(ad.id, ad, BANNER_FILTERS.fields)} nameOf={nameOf} />
          ))}
        </ul>
        {/* Sizes with no ad yet: each drawn as its frame, the note in its own caption (not filtered: not an ad). */}
        {previewOnly.length > 0 && (
          <div className={classes.grid}>
            {previewOnly.map((size) => (
              <FormatPreview key={size} size={size} note={labels.previewOnly} />
            ))}
          </div>
        )}
      </Stack>
    </Section>
  );
}
