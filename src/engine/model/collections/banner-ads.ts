/** The banner-ad library (spec section 3, Banner ad): reusable ads shown, previewed and filtered on /style-guide. */
import { z } from 'zod';
import { freeText, notTranslated, slug, text } from '../fields';

/** Spec section 4: the persona filter's choices, in its order. */
export const BANNER_PERSONAS = [
  'Performance Marketer',
  'Enterprise Marketer',
  'Email Marketer',
  'Growth Marketer',
  'Ecommerce Marketer',
  'Collections Specialist',
] as const;

export const bannerAdItem = z
  .object({
    id: slug.meta({ description: 'Unique id', label: 'Ad ID' }),
    size: notTranslated(
      text('Size label as "<width>x<height> <name>", e.g. "728x90 Leaderboard"; it sets the preview and the size category'),
    ),
    headline: text("The ad's headline"),
    subtext: freeText('A line under the headline; may be empty ("")', { multiline: true, label: 'Text under the headline' }),
    cta: freeText('Button text; may be empty ("") for ads without a button', { label: 'Button text' }),
    persona: z.enum(BANNER_PERSONAS).describe('Who the ad speaks to'),
    isCollections: z
      .boolean()
      .optional()
      .meta({ description: 'Marks the ad made for the collections use case', label: 'The collections ad' }),
  })
  .strict();

export type BannerAd = z.infer<typeof bannerAdItem>;

/** The ads in their file: at most one is the collections ad (spec section 3: "optional isCollections flag (one entry)"). */
export const bannerAdList = z.array(bannerAdItem).superRefine((ads, ctx) => {
  const flagged = ads.flatMap((ad, index) => (ad.isCollections ? [index] : []));
  for (const index of flagged.slice(1)) {
    ctx.addIssue({
      code: 'custom',
      path: [index, 'isCollections'],
      message: `only one banner ad may set isCollections (items[${flagged[0]}] "${ads[flagged[0]].id}" already does)`,
      params: { hint: 'leave isCollections on one ad only' },
    });
  }
});
