/** The request body the chat form sends: the page's language with it, none when the page declares none. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitLead, type LeadSubmission } from './submit-lead';

const submission = (locale: string): LeadSubmission => ({
  email: 'ann@example.com',
  page: '/es/story',
  placement: 'footer',
  locale,
  idempotencyKey: '3f0c6a1e-5b0f-4f7e-9a51-0d2b8f7c9e42',
});

/** The JSON body of the one request submitLead made. */
async function sentBody(locale: string): Promise<unknown> {
  const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  await submitLead('', submission(locale));
  expect(fetch).toHaveBeenCalledTimes(1);
  const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  return JSON.parse(init.body as string);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('submitLead', () => {
  it("sends the page's language as locale", async () => {
    expect(await sentBody('es')).toEqual({ email: 'ann@example.com', page: '/es/story', placement: 'footer', locale: 'es' });
  });

  it('leaves locale out when the page has no language (an empty lang)', async () => {
    expect(await sentBody('')).toEqual({ email: 'ann@example.com', page: '/es/story', placement: 'footer' });
  });
});
