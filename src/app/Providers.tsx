import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import type { ReactNode } from 'react';
import siteData from 'virtual:site-data';
import { Toaster } from '../leads/Toaster';
import { theme } from './theme';

/**
 * Every toast's close button gets the configured label ('Close toast'), whoever shows the toast.
 * A plain override, not Notification.extend, which would load the toast component with every page.
 */
const siteTheme = mergeThemeOverrides(theme, {
  components: {
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': siteData.config.toasts.closeLabel } } },
  },
});

/** App-wide providers, shared by the browser entry and the prerenderer. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={siteTheme} defaultColorScheme="light">
      {children}
      <Toaster />
    </MantineProvider>
  );
}
