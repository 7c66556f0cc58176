/** One block made ready to render, with its types checked from its folder's schema, definition and component. */
import type { ComponentType, ReactElement } from 'react';
import type { RenderContext } from '../engine/model/render-context';
import type { BlockDefinition } from './define-block';

/** Resolves a block's links and placeholders (src/engine/model/resolve.ts), keeping its type. */
export type Resolve = <T>(value: T) => T;

export interface Renderable {
  hydrate: BlockDefinition<never, object>['hydrate'];
  /** The props the component renders with; an island's are written into the page for the browser. */
  props: object;
  element: ReactElement;
}

export function renderable<B extends object, D extends object>(
  Component: ComponentType<B & D>,
  definition: BlockDefinition<B, D>,
  block: B,
  context: RenderContext,
  resolve: Resolve,
): Renderable {
  const props = resolve({ ...block, ...definition.data(block, context) });
  return { hydrate: definition.hydrate, props, element: <Component {...props} /> };
}
