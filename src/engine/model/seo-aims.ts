/**
 * How long a page's title and description should be for search results: the editor's soft limit on the fields
 * (page-schema.ts, `aim`) and validation's warnings (content-checks.ts) read the same figures.
 */
export const TITLE_AIM = { max: 60 } as const;
export const DESCRIPTION_AIM = { min: 50, max: 160 } as const;
