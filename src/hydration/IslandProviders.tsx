import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme, themeCssVariables } from '../theme/theme';

/**
 * The context every island (and every server-rendered section) renders in: the brand theme.
 * The page's CSS variables and Mantine's global classes are emitted once per page by
 * `PageStyles`, so each island's provider leaves them out.
 */
export function IslandProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      {children}
    </MantineProvider>
  );
}

/** Emits the theme's CSS variables and Mantine's global classes, once per page (server render of the layout). */
export function PageStyles({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={themeCssVariables}>
      {children}
    </MantineProvider>
  );
}
