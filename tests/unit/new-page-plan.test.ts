/**
 * The refusals of `npm run new-page`'s plan, each with a message that says what to do; how the command
 * reports a refusal and writes nothing: tests/build/new-page-command.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../src/engine/load/content-env';
import { planNewPage, type NewPageRequest } from '../../src/engine/tooling/scaffold/new-page';
import { loadContent } from '../../src/engine/load/load-content';

const content = loadContent(CONTENT_DIR);

describe('the new page plan', () => {
  it.each<[string, NewPageRequest, RegExp]>([
    [
      'an existing route',
      { template: 'use-case', slug: 'upsell-campaigns', title: 'Upsell' },
      /\/use-cases\/upsell-campaigns already exists/,
    ],
    [
      'a bad slug',
      { folder: 'channels', slug: 'Whats App', title: 'WhatsApp' },
      /the slug "Whats App" is not valid: use lowercase letters, digits and single dashes/,
    ],
    ['an unknown template', { template: 'usecase', slug: 'x', title: 'X' }, /there is no template "usecase"; templates: .*use-case/],
    [
      'a title another page has',
      { folder: 'channels', slug: 'mail', title: 'Terms of Service' },
      /already has the title "Terms of Service \| Reachwell"/,
    ],
  ])('refuses %s with a clear message', (_, request, message) => {
    const { plan, error } = planNewPage(request, content, CONTENT_DIR);
    expect(plan).toBeUndefined();
    expect(error).toMatch(message);
  });
});
