import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Call to action',
  description: 'A closing band with a headline, buttons and optional stat tiles',
  icon: 'target',
  category: 'openings',
  hydrate: 'none',
});
