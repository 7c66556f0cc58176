/**
 * The site's six text styles by name, as page documents write them; the theme (src/theme/typography.ts)
 * says what each looks like.
 */
export const TEXT_STYLE_NAMES = ['display', 'section', 'card', 'lead', 'body', 'caption'] as const;
export type TextStyleName = (typeof TEXT_STYLE_NAMES)[number];
