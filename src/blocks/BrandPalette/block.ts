import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Brand palette',
  description:
    'A colour of the site theme (src/theme/theme.ts), its value read from the theme: a role (primary: the shade buttons, links and brand text use; brandHue, foreground, background, muted, accent), a shade of whichever colour is primary ("primary.5"), or a theme colour ("gray.0", "white")',
  icon: 'palette',
  category: 'brand',
  hydrate: 'none',
});
