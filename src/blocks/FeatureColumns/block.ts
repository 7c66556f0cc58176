import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Feature columns',
  description: 'Side-by-side columns (channels, products) with bullet points, plus the features they share',
  icon: 'branch',
  category: 'content',
  hydrate: 'none',
});
