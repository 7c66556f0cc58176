import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Floating chat button',
  description:
    "The floating 'Try It Now' button (bottom right) that opens the chat drawer. Its texts come from the site configuration (header.tryItNow); place it once, at the end of the page.",
  icon: 'chat',
  category: 'overlays',
  hydrate: 'first-input',
});
