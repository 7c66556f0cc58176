import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Type scale',
  description: "The site's text styles, read from the theme: each with its size, weight and line height, as a live sample",
  icon: 'pencil',
  category: 'brand',
  hydrate: 'none',
});
