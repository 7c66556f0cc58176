/**
 * Server side of an island: renders `component` as its own React root (own id space, own
 * providers) inside a container that tells the browser runtime what to hydrate and when.
 * Used inside server-rendered sections only; an island never contains another island.
 */
import { createContext, use, type ComponentType } from 'react';
import { IslandRoot, type IslandProviders } from './IslandRoot';
import { ISLAND_ATTR, islandIdPrefix, type HydrationMode } from './modes';
import { renderToStringOrThrow } from './render-to-string';
import classes from './island.module.css';

/**
 * What the page renderer provides: each island's component, a page-wide id (which keeps `useId` values
 * unique on the page), and the providers islands render in.
 */
export interface IslandRegistry {
  Providers: IslandProviders;
  /** Records that the page holds this island; throws for an unknown name. */
  add(name: string, mode: HydrationMode): { id: number; component: ComponentType<never> };
  /**
   * Island HTML already rendered in these providers' data, by name, id and props, when pages share it (the build's
   * pages of one language). An island's HTML depends on nothing else: the browser hydrates it from exactly these.
   */
  rendered?: Map<string, string>;
}

export const IslandRegistryContext = createContext<IslandRegistry | null>(null);

/** Set while an island's own tree renders, so a nested <Island> is caught at build time. */
const InsideIslandContext = createContext(false);

export interface IslandProps<P extends object> {
  /** The island's registered name (src/islands.ts): the browser loads its code by this name. */
  name: string;
  /** Everything the component needs; serialised into the page, so plain JSON only. */
  props: P;
  hydrate: HydrationMode;
}

export function Island<P extends object>({ name, props, hydrate }: IslandProps<P>) {
  const registry = use(IslandRegistryContext);
  if (!registry) throw new Error(`Island ${name} rendered outside a page render (no IslandRegistryContext)`);
  if (use(InsideIslandContext)) throw new Error(`Island ${name} is rendered inside another island; islands cannot nest`);
  const { id, component } = registry.add(name, hydrate);
  const Component = component as ComponentType<P>;
  const json = JSON.stringify(props);
  const key = `${name}\0${id}\0${json}`;
  let html = registry.rendered?.get(key);
  if (html === undefined) {
    html = renderToStringOrThrow(
      <IslandRegistryContext value={registry}>
        <InsideIslandContext value={true}>
          <IslandRoot name={name} Providers={registry.Providers}>
            <Component {...props} />
          </IslandRoot>
        </InsideIslandContext>
      </IslandRegistryContext>,
      { identifierPrefix: islandIdPrefix(id) },
    );
    registry.rendered?.set(key, html);
  }
  const attributes = {
    [ISLAND_ATTR.name]: name,
    [ISLAND_ATTR.mode]: hydrate,
    [ISLAND_ATTR.id]: id,
    [ISLAND_ATTR.props]: json,
  };
  return <div className={classes.island} {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
}
