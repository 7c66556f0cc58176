/**
 * The one brand theme. Primary hsl(217 89% 61%) sits at shade 5 of `brand`;
 * filled buttons and links use shade 8 so white-on-brand and brand-on-white
 * text both pass WCAG AA (4.5:1).
 */
import { createTheme, DEFAULT_THEME, mergeMantineTheme, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#ebf2fe',
  '#d4e3fd',
  '#a8c6fa',
  '#7aa8f8',
  '#5893f6',
  '#4387f4',
  '#2f6fdc',
  '#1f5bc2',
  '#174aa3',
  '#0f3a82',
];

/** Accent hsl(263 50% 85%) at shade 2. */
const accent: MantineColorsTuple = [
  '#f6f2fc',
  '#e9e0f7',
  '#d5c6ef',
  '#bfa8e6',
  '#a98bdc',
  '#9470d2',
  '#7d56c2',
  '#6844a6',
  '#543786',
  '#402a66',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand, accent },
  fontFamily: "'Inter Variable', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: {
    fontFamily: "'Inter Variable', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    fontWeight: '750',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
});

/** The theme with Mantine's defaults filled in (breakpoints, spacing, ...): what components actually render with. */
export const resolvedTheme = mergeMantineTheme(DEFAULT_THEME, theme);
