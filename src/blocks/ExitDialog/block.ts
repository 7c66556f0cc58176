import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Exit dialog',
  description:
    'The timed exit dialog with the email form: opens once, 10 minutes after load, unless suppressed. Its texts come from the site configuration (exitDialog); place it once, at the end of the page.',
  icon: 'bell',
  category: 'overlays',
  hydrate: 'wake',
});
