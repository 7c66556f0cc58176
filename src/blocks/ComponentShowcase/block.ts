import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Component showcase',
  description: "The site's own components as the theme defines them: every button variant and size, badges, brand icons",
  icon: 'settings',
  category: 'brand',
  hydrate: 'none',
});
