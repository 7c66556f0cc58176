import { MantineProvider, mergeThemeOverrides, Notification } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import siteData from 'virtual:site-data';
import { Toaster } from '../leads/Toaster';
import { createQueryClient } from './query-client';
import { theme } from './theme';

/** Every toast's close button gets the configured label ('Close toast'), whoever shows the toast. */
const siteTheme = mergeThemeOverrides(theme, {
  components: {
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': siteData.config.toasts.closeLabel } } }),
  },
});

/** App-wide providers, shared by the browser entry and the prerenderer. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={siteTheme} defaultColorScheme="light">
        {children}
        <Toaster />
      </MantineProvider>
    </QueryClientProvider>
  );
}
