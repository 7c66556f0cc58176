import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Steps',
  description: 'A numbered sequence: how it works, onboarding, migration',
  icon: 'route',
  category: 'content',
  hydrate: 'none',
});
