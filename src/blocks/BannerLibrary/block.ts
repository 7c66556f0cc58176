import type { RenderContext } from '../../engine/model/render-context';
import { BANNER_PERSONAS } from '../../engine/model/collections/banner-ads';
import { compileCountMessage } from '../../engine/model/count-message';
import { defineBlock } from '../define-block';
import type { BannerLibraryBlock } from './schema';

export default defineBlock({
  label: 'Banner library',
  description:
    'The banner-ad library (pages-json/_collections/banner-ads.json): a preview of each ad at its size, filtered by size category and persona',
  icon: 'template',
  category: 'libraries',
  hydrate: 'none',
  collections: ['banner-ads'],
  data: (block: BannerLibraryBlock, { collections, site }: RenderContext) => ({
    ads: collections['banner-ads'],
    personas: [...BANNER_PERSONAS],
    countLabel: compileCountMessage(block.labels.count, site.locale.tag),
    valueNames: site.config.valueNames ?? {},
  }),
});
