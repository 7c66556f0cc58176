import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'Split options',
  description: 'Two or three alternatives side by side (e.g. self-serve or managed), each with its inclusions and a button',
  icon: 'handshake',
  category: 'content',
  hydrate: 'none',
});
