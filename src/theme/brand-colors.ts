/**
 * The brand's colour shades, as plain values (theme.ts makes them Mantine's `brand` and `accent` colours; the build's
 * social cards paint with them without loading Mantine or React: scripts/build/social-card-template.ts).
 */
export const BRAND_SHADES = [
  '#ebf2fe',
  '#d4e3fd',
  '#a8c6fa',
  '#7aa8f8',
  '#5893f6',
  'hsl(217, 89%, 61%)', // #4387f4; Mantine reads HSL written with commas
  '#2f6fdc',
  '#1f5bc2',
  '#174aa3',
  '#0f3a82',
] as const;

/** Accent hsl(263 50% 85%) at shade 2. */
export const ACCENT_SHADES = [
  '#f6f2fc',
  '#e9e0f7',
  'hsl(263, 50%, 85%)', // #d4c6ec
  '#bfa8e6',
  '#a98bdc',
  '#9470d2',
  '#7d56c2',
  '#6844a6',
  '#543786',
  '#402a66',
] as const;
