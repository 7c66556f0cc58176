/**
 * The code of every block that hydrates (its definition's `hydrate` is not 'none'), loaded by the browser when a page asks.
 * Generated from the folders in src/blocks/ by `npm run generate` (`npm run dev` keeps it current); do not edit.
 */
import type { IslandLoaders } from '../../hydration/runtime';

export const blockIslandLoaders = {
  ExitDialog: () => import('../ExitDialog/ExitDialog').then((m) => m.ExitDialog),
  FAQ: () => import('../FAQ/FAQ').then((m) => m.FAQ),
  FloatingChat: () => import('../FloatingChat/FloatingChat').then((m) => m.FloatingChat),
  NotFound: () => import('../NotFound/NotFound').then((m) => m.NotFound),
  Pricing: () => import('../Pricing/Pricing').then((m) => m.Pricing),
} satisfies IslandLoaders;
