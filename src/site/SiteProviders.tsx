import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SiteData } from '../engine/model/site-data';
import { theme, themeCssVariables } from '../theme/theme';
import { lightColorSchemeManager } from '../theme/light-color-scheme';
import { LinkLanguageContext, type LinkLanguage } from '../lib/link-language';
import { SiteDataProvider } from './site-data';

const linkLanguages = new WeakMap<SiteData, LinkLanguage>();

/** What the page's links need of its language (src/ui/SiteLink.tsx), made once per language's site data. */
function linkLanguageOf(site: SiteData): LinkLanguage {
  let made = linkLanguages.get(site);
  if (!made) {
    made = {
      prefix: site.locale.prefix,
      missing: new Set(site.languages.find((language) => language.code === site.locale.code)?.missing),
      defaultLanguage: site.languages[0]?.code ?? site.locale.code,
      tag: site.config.i18n?.linkInDefaultLanguage,
    };
    linkLanguages.set(site, made);
  }
  return made;
}

/**
 * The context every island and every server-rendered section renders in: the brand theme and the
 * site's data, in the page's writing direction (Mantine's drawers and carousels follow it). The hydration runtime wraps islands in whatever providers the site hands it; these are
 * them. The page's CSS variables and Mantine's global classes are emitted once per page (`ThemeStyles`), so each
 * island's provider leaves them out.
 */
export function SiteProviders({ site, children }: { site: SiteData; children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={site.locale.dir} detectDirection={false}>
      <LayoutProviders site={site}>{children}</LayoutProviders>
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
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      colorSchemeManager={lightColorSchemeManager}
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <SiteDataProvider site={site}>
        <LinkLanguageContext value={linkLanguageOf(site)}>{children}</LinkLanguageContext>
      </SiteDataProvider>
    </MantineProvider>
  );
}
