/**
 * When an island's code is fetched and the island hydrates. See README.md in this folder.
 * Shared by the server (it writes the mode into the page) and the client runtime (it obeys it).
 */
export const HYDRATION_MODES = ['load', 'first-input', 'visible', 'interaction', 'wake'] as const;
export type HydrationMode = (typeof HYDRATION_MODES)[number];

/** How near the screen (px) a 'visible' island must come before its code is fetched. */
export const NEAR_SCREEN_PX = 600;

/** The attributes the server writes on an island's container and the runtime reads. */
export const ISLAND_ATTR = {
  name: 'data-island',
  mode: 'data-hydrate',
  id: 'data-island-id',
  props: 'data-props',
  hydrated: 'data-hydrated',
} as const;

/** The island's React id space: server and client must use the same prefix for `useId` to match. */
export const islandIdPrefix = (id: number) => `i${id}-`;

/** Set on <html> once every 'load' island has hydrated; tests and monitoring wait on it. */
export const PAGE_HYDRATED_ATTR = 'data-hydrated';
