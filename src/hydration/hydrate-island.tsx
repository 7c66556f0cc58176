/**
 * The React side of the runtime, in its own chunk so the entry stays free of React:
 * hydrates one island as its own root over its server HTML.
 */
import { startTransition, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { IslandRoot, type IslandProviders } from './IslandRoot';
import { islandIdPrefix } from './modes';

export function hydrateIsland(
  container: HTMLElement,
  island: { name: string; id: number; props: object },
  Component: ComponentType<object>,
  Providers: IslandProviders,
  onHydrated: () => void,
): Root {
  let root!: Root;
  // As a transition, hydration is time-sliced: a large island (the 70-card library) yields to the
  // browser every few milliseconds instead of blocking the main thread in one long task. A press on
  // a part that is not hydrated yet still makes React hydrate that part at once.
  startTransition(() => {
    root = hydrateRoot(
      container,
      <IslandRoot name={island.name} Providers={Providers} onHydrated={onHydrated}>
        <Component {...island.props} />
      </IslandRoot>,
      {
        identifierPrefix: islandIdPrefix(island.id),
        onRecoverableError: (error) => console.error(`Island ${island.name} (${island.id}) did not match its server HTML:`, error),
      },
    );
  });
  return root;
}
