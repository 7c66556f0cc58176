import type { MantineColorSchemeManager } from '@mantine/core';

/**
 * The site has one colour scheme, light (the page's `<html data-mantine-color-scheme="light">`), and no control to
 * change it, so nothing is stored. Mantine's default manager reads localStorage when each provider first renders:
 * on the home page that was every load island's hydration, and a page's first localStorage read waits for the
 * browser to open its storage (the longest part of the task that hydrates the home page's islands).
 */
export const lightColorSchemeManager: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};
