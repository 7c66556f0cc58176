import { Box, VisuallyHidden } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useSiteData } from '../../site/site-data';
import type { HeaderBreakpoint } from '../Header/header-breakpoint';
import { LanguageLinks } from './LanguageLinks';
import classes from './LanguageLinks.module.css';

/**
 * The header's language switcher: the page's language as a short code, opening the same plain links the mobile menu
 * lists (LanguageLinks). A native <details>: it opens with a click, Enter or Space before any script has loaded.
 */
export function LanguageMenu({ route, visibleFrom }: { route: string | null; visibleFrom: HeaderBreakpoint }) {
  const { languages, locale, config } = useSiteData();
  const label = config.i18n?.switcherLabel;
  const current = languages.find((language) => language.code === locale.code);
  if (languages.length < 2 || !label || !current) return null;
  return (
    <Box component="details" className={classes.menu} visibleFrom={visibleFrom}>
      <summary className={classes.summary}>
        <IconWorld size={16} aria-hidden />
        <span className={classes.code}>{current.code.toUpperCase()}</span>
        <VisuallyHidden>
          {label}: {current.name}
        </VisuallyHidden>
      </summary>
      <LanguageLinks route={route} className={classes.panel} />
    </Box>
  );
}
