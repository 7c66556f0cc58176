/**
 * Every island the pages may contain, by name: the browser fetches an island's code by this name
 * when its hydration mode says so (src/hydration/README.md). An island's name is the name of its
 * module file and of the component it exports. Interactive blocks are islands named after their
 * block type, listed from their folders' definitions (src/blocks/generated/islands.ts).
 */
import { blockIslandLoaders } from './blocks/generated/islands';
import type { IslandLoaders } from './hydration/runtime';

export const islandLoaders = {
  // Site chrome
  DesktopNav: () => import('./chrome/Header/DesktopNav').then((m) => m.DesktopNav),
  MobileMenu: () => import('./chrome/MobileMenu/MobileMenu').then((m) => m.MobileMenu),
  PromoBanner: () => import('./chrome/PromoBanner/PromoBanner').then((m) => m.PromoBanner),
  FooterContact: () => import('./chrome/Footer/FooterContact').then((m) => m.FooterContact),
  Toaster: () => import('./toasts/Toaster').then((m) => m.Toaster),
  PanelButton: () => import('./widgets/PanelButton/PanelButton').then((m) => m.PanelButton),
  CopyValue: () => import('./widgets/CopyValue/CopyValue').then((m) => m.CopyValue),
  LibraryFilters: () => import('./widgets/filters/LibraryFilters').then((m) => m.LibraryFilters),
  // Interactive blocks
  ...blockIslandLoaders,
} satisfies IslandLoaders;
