/** The server's side of src/islands.ts: every island component loaded, and a per-page record of the islands used. */
import type { ComponentType } from 'react';
import type { IslandRegistry } from '../hydration/Island';
import type { IslandProviders } from '../hydration/IslandRoot';
import type { HydrationMode } from '../hydration/modes';
import { islandLoaders } from '../islands';

export interface UsedIsland {
  name: string;
  mode: HydrationMode;
}

let components: Map<string, ComponentType<never>> | undefined;

/** Loads every island's code once, so pages render synchronously. */
export async function loadIslandComponents() {
  components ??= new Map(await Promise.all(Object.entries(islandLoaders).map(async ([name, load]) => [name, await load()] as const)));
}

/**
 * A fresh registry for one page: island ids start at 0, the islands used are recorded, and they render in `Providers`
 * (reusing `rendered`, island HTML that pages rendered in the same data share).
 */
export function pageIslandRegistry(Providers: IslandProviders, rendered?: Map<string, string>): IslandRegistry & { used: UsedIsland[] } {
  if (!components) throw new Error('loadIslandComponents() must finish before a page renders');
  const loaded = components;
  const used: UsedIsland[] = [];
  return {
    Providers,
    used,
    rendered,
    add(name, mode) {
      const component = loaded.get(name);
      if (!component) throw new Error(`Unknown island "${name}": register its code in src/islands.ts`);
      used.push({ name, mode });
      return { id: used.length - 1, component };
    },
  };
}
