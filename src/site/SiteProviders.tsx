import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SiteData } from '../engine/site-data';
import { theme, themeCssVariables } from '../theme/theme';
import { LinkPrefixContext } from '../lib/link-prefix-context';
import { SiteDataProvider } from './site-data';

/**
 * The context every island and every server-rendered section renders in: the brand theme and the
 * site's data, in the page's writing direction (Mantine's drawers and carousels follow it). The hydration runtime wraps islands in whatever providers the site hands it; these are
 * them. The page's CSS variables and Mantine's global classes are emitted once per page (`ThemeStyles`), so each
 * island's provider leaves them out.
 */
export function SiteProviders({ site, children }: { site: SiteData; children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={site.locale.dir} detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
        <SiteDataProvider site={site}>
          <LinkPrefixContext value={site.locale.prefix}>{children}</LinkPrefixContext>
        </SiteDataProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}

/**
 * The theme's CSS variables and Mantine's global classes, as two `<style>` tags: the same on every page, so the page
 * renderer renders them once and puts them before each page's layout.
 */
export function ThemeStyles() {
  return <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={themeCssVariables} />;
}

/** The layout's providers on the server: the site's providers, without the direction (the layout's markup takes none). */
export function LayoutProviders({ site, children }: { site: SiteData; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <SiteDataProvider site={site}>
        <LinkPrefixContext value={site.locale.prefix}>{children}</LinkPrefixContext>
      </SiteDataProvider>
    </MantineProvider>
  );
}
