import { defineBlock } from '../define-block';

export default defineBlock({
  label: 'FAQ',
  description: 'Questions and answers in an accordion; also published as FAQPage structured data when the page asks for it',
  icon: 'search',
  category: 'content',
  hydrate: 'visible',
});
