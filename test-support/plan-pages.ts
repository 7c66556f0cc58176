/**
 * The site's English pages that show the plans (their blocks, or text quoting a plan's price): the home page and the
 * comparisons, in path order. A change to the plans changes each of them: the review lists them
 * (tests/server/editor-review-pages.test.ts, tests/browser/editor-review-pages.test.ts).
 */
export const PLAN_PAGES = [
  '/',
  '/compare/reachwell-vs-ai-sdr-tools',
  '/compare/reachwell-vs-ai-voice-agents',
  '/compare/reachwell-vs-communications-api',
  '/compare/reachwell-vs-ecommerce-email',
  '/compare/reachwell-vs-email-api',
  '/compare/reachwell-vs-marketing-automation',
];
