/**
 * The React side of the runtime, in its own chunk so the entry stays free of React:
 * hydrates one island as its own root over its server HTML.
 */
import type { ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { IslandRoot } from './IslandRoot';
import { islandIdPrefix } from './modes';

export function hydrateIsland(
  container: HTMLElement,
  island: { name: string; id: number; props: object },
  Component: ComponentType<object>,
  onHydrated: () => void,
): Root {
  return hydrateRoot(
    container,
    <IslandRoot name={island.name} onHydrated={onHydrated}>
      <Component {...island.props} />
    </IslandRoot>,
    {
      identifierPrefix: islandIdPrefix(island.id),
      onRecoverableError: (error) => console.error(`Island ${island.name} (${island.id}) did not match its server HTML:`, error),
    },
  );
}
