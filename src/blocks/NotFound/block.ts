import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Not found',
  description: 'The not-found view; logs the path the visitor tried',
  icon: 'map-pin',
  category: 'openings',
  hydrate: 'load',
});
