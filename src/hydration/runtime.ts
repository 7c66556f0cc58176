/**
 * The browser runtime: finds the page's islands, and hydrates each as its own React root when its
 * mode says so (see README.md). It imports no React itself; React comes with the first island.
 */
import type { ComponentType } from 'react';
import type { IslandProviders } from './IslandRoot';
import { retryWithBackoff } from '../lib/backoff';
import { loadOnce } from '../lib/load-once';
import { holdEarlyPresses, replayHover } from './early-presses';
import { HYDRATION_MODES, ISLAND_ATTR, PAGE_HYDRATED_ATTR, type HydrationMode } from './modes';
import { watchTrigger } from './triggers';

export type IslandLoaders = Record<string, () => Promise<ComponentType<never>>>;

/** The site's providers for its islands, loaded with the first island (React comes with them). */
export type ProvidersLoader = () => Promise<IslandProviders>;

const reactSide = loadOnce(() => import('./hydrate-island'));

/**
 * Resolves in a task of its own. Each island starts there, not in the task that evaluated the code (on the home page
 * one task evaluated React, Mantine and four islands, then made four roots, each adding React's event listeners):
 * shorter tasks.
 */
function nextTask<T>(value: T): Promise<T> {
  // A message, not a timer: a page's fake clock (the tests') holds timers, never messages.
  const channel = new MessageChannel();
  return new Promise<T>((resolve) => {
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve(value);
    };
    channel.port2.postMessage(null);
  });
}

/** How to stop each started island: its trigger, its held presses and its React root. */
const running = new Set<() => void>();

/** Starts every island on the page; resolves when the 'load' islands are interactive. */
export function startIslands(loaders: IslandLoaders, loadProviders: ProvidersLoader): Promise<void> {
  const containers = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR.name}]`)];
  const providers = loadOnce(loadProviders);
  const atLoad = containers
    .map((container) => startIsland(container, loaders, providers.load))
    .filter((started) => started.mode === 'load');
  return Promise.all(atLoad.map((started) => started.hydrated)).then(() => {
    document.documentElement.setAttribute(PAGE_HYDRATED_ATTR, '');
  });
}

/** Unmounts every island and forgets its triggers, before the page's HTML is replaced (the dev server's live preview). */
export function stopIslands() {
  running.forEach((stop) => stop());
  running.clear();
  document.documentElement.removeAttribute(PAGE_HYDRATED_ATTR);
}

function readIsland(container: HTMLElement) {
  const name = container.getAttribute(ISLAND_ATTR.name)!;
  const mode = container.getAttribute(ISLAND_ATTR.mode) as HydrationMode;
  if (!HYDRATION_MODES.includes(mode)) throw new Error(`Island ${name} has an unknown hydration mode "${mode}"`);
  return {
    name,
    mode,
    id: Number(container.getAttribute(ISLAND_ATTR.id)),
    props: JSON.parse(container.getAttribute(ISLAND_ATTR.props) ?? '{}') as object,
  };
}

function startIsland(container: HTMLElement, loaders: IslandLoaders, loadProviders: ProvidersLoader) {
  const island = readIsland(container);
  const load = loaders[island.name];
  if (!load) throw new Error(`No code is registered for island ${island.name} (src/islands.ts)`);
  let wanted!: () => void;
  const wantedNow = new Promise<void>((resolve) => (wanted = resolve));
  // Until hydrated (a failed download keeps the server HTML and is retried), presses are held.
  const held = holdEarlyPresses(container, () => wanted());
  const stopTrigger = watchTrigger(container, island.name, island.mode, () => wanted());
  let unmount: (() => void) | undefined;
  let stopped = false;
  running.add(() => {
    stopped = true;
    stopTrigger();
    held.release(false);
    unmount?.();
  });

  const hydrated = wantedNow
    .then(() =>
      retryWithBackoff(
        () => Promise.all([reactSide.load(), load(), loadProviders()]),
        (error) => console.warn(`Island ${island.name}: code failed to load; trying again`, error),
      ),
    )
    .then(nextTask)
    .then(
      ([{ hydrateIsland }, Component, Providers]) =>
        new Promise<void>((resolve) => {
          if (stopped) return;
          const root = hydrateIsland(container, island, Component as ComponentType<object>, Providers, () => {
            container.setAttribute(ISLAND_ATTR.hydrated, '');
            held.release(true);
            replayHover(container);
            resolve();
          });
          unmount = () => root.unmount();
        }),
    );
  return { mode: island.mode, hydrated };
}
