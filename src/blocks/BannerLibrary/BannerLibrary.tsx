import { Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { BannerAd } from '../../engine/collections/banner-ads';
import { Section } from '../../ui/Section';
import { FilterControls } from '../../widgets/filters/FilterControls';
import { matches, type FilterSpec } from '../../widgets/filters/filter-items';
import { useUrlFilters } from '../../widgets/filters/use-url-filters';
import { PREVIEWS, SIZE_CATEGORIES, sizeCategory } from './banner-sizes';
import { BannerPreview } from './BannerPreview';
import type { BannerLibraryBlock, BannerLibraryData } from './schema';
import classes from './BannerLibrary.module.css';

const FILTER_KEYS = ['size', 'persona'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** Spec section 4: size category (derived from the size label) and persona, combined with AND. */
export const BANNER_FILTERS: FilterSpec<BannerAd, FilterKey> = {
  fields: { size: (ad) => sizeCategory(ad.size), persona: (ad) => ad.persona },
};

/** The banner-ad library: every ad in the page, previews hidden by the filters, whose state is in the URL. */
export function BannerLibrary({ id, eyebrow, heading, intro, tinted, labels, ads, personas }: BannerLibraryBlock & BannerLibraryData) {
  const url = useUrlFilters(FILTER_KEYS);
  const choices: Record<FilterKey, readonly string[]> = { size: SIZE_CATEGORIES, persona: personas };
  const size = choices.size.includes(url.values.size) ? url.values.size : '';
  const persona = choices.persona.includes(url.values.persona) ? url.values.persona : '';
  const previewOnly = Object.keys(PREVIEWS).filter((size) => !ads.some((ad) => ad.size === size));
  const shown = useMemo(
    () => new Set(ads.filter((ad) => matches(ad, BANNER_FILTERS, { size, persona })).map((ad) => ad.id)),
    [ads, size, persona],
  );

  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <Stack gap="lg">
        <FilterControls
          filters={FILTER_KEYS.map((key) => ({ key, label: labels[key], choices: [...choices[key]] }))}
          allLabel={labels.all}
          values={{ size, persona }}
          clearLabel={labels.clear}
          onChange={url.update}
        />
        <Text role="status" fw={600} c="gray.8">
          {labels.count.replace('{shown}', String(shown.size)).replace('{total}', String(ads.length))}
        </Text>
        <ul className={classes.grid}>
          {ads.map((ad) => (
            <BannerPreview key={ad.id} ad={ad} hidden={!shown.has(ad.id)} />
          ))}
        </ul>
        {previewOnly.length > 0 && (
          <Text size="sm" c="gray.7" ta="center">
            {labels.previewOnly}: {previewOnly.join(', ')}
          </Text>
        )}
        {shown.size === 0 && (
          <Stack align="center" gap="xs" py="xl" ta="center">
            <Title order={3} size="h4">
              {labels.emptyTitle}
            </Title>
            <Text c="gray.7">{labels.emptyText}</Text>
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
