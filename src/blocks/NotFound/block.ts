import type { RenderContext } from '../../engine/model/render-context';
import { defineBlock } from '../define-block';
import type { NotFoundBlock, NotFoundData } from './schema';

export default defineBlock({
  label: 'Not found',
  description: 'The not-found view; logs the path the visitor tried',
  icon: 'map-pin',
  category: 'openings',
  hydrate: 'load',
  // Only the not-found page itself reports a missing path (the spec's console message).
  // Its data is the route alone: it reads no collection.
  collections: [],
  data: (_: NotFoundBlock, { route }: RenderContext): NotFoundData => ({ logMissingPath: route === null }),
});
