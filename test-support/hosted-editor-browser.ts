/**
 * One harness for the hosted editor's browser tests (tests/browser/editor-*.test.ts): each file starts one editor
 * host (test-support/editor-host.ts: the site's repository, people with every role, the shared bundles) and one
 * Chromium before its tests and stops both after, and its people sign in through the editor's own sign-in page.
 *
 *   const hosted = useHostedEditor('editor-my-feature', { extraPeople: 1 });
 *
 *   it('…', async () => {
 *     const { page, context } = await hosted.signedIn(PEOPLE.reviewer.email, `/changes/${id}`);
 *     const { signIn, call } = hosted.api(); // the editor's HTTP API, as the browser app calls it
 *     …
 *     await context.close();
 *   });
 *
 * `hosted.host` (the started EditorHost: `editor.url`, `root`, `dataDir`, `remote`, `git`…) and `hosted.browser` are
 * there once the file's tests run. `signIn(page, email, next)` signs in on a page of one's own (e.g. a context with a
 * time zone: `hosted.browser.newContext({ timezoneId })`); `openSignIn` and `typeCredentials` are its two halves, for
 * a test that looks at the sign-in page between them. The host's options (`env`, `accounts`, `releases`…) are
 * startEditorHost's (passwords hashed at test-support/cheap-passwords.ts's cost unless `passwordCost` says otherwise); `signedIn(email, next, { viewport, timeout })` takes a phone's width (MOBILE) or a longer
 * default wait for the page's steps, the sign-in's included (a test whose pages take long on a loaded machine).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { DESKTOP, launchBrowser, newPage } from './browser';
import { editorClient, PASSWORD, startEditorHost, type EditorHost } from './editor-host';
import { CHEAP_PASSWORDS } from './cheap-passwords';

type HostOptions = Parameters<typeof startEditorHost>[1];

interface SignedInOptions {
  /** The browser's window: DESKTOP unless given (MOBILE for a phone's). */
  viewport?: { width: number; height: number };
  /** The page's default wait in ms (playwright's setDefaultTimeout), set before it goes to the sign-in page. */
  timeout?: number;
}

export interface HostedEditor {
  readonly host: EditorHost;
  readonly browser: Browser;
  /** Goes to `next` on the editor (the sign-in page comes first) and waits for the sign-in form. */
  openSignIn: (page: Page, next?: string) => Promise<void>;
  /** Types the email and the people's shared password key by key into the open sign-in form, and sends it. */
  typeCredentials: (page: Page, email: string) => Promise<void>;
  /** Both: on the page, `next` is then shown to the signed-in person (wait for what it shows). */
  signIn: (page: Page, email: string, next?: string) => Promise<void>;
  /** A browser context and page of one's own (a person's own browser), signed in and on its way to `next`. */
  signedIn: (email: string, next?: string, options?: SignedInOptions) => Promise<{ page: Page; context: BrowserContext }>;
  /** The editor's HTTP API (test-support/editor-host.ts's `editorClient`), for what a test sets up without a browser. */
  api: () => ReturnType<typeof editorClient>;
}

/** Starts the editor host and a browser before this file's tests, and stops both after them. */
export function useHostedEditor(prefix: string, options?: HostOptions): HostedEditor {
  let host: EditorHost | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Passwords hashed cheaply unless the file asks otherwise: its tests are about what people see, not sign-in's cost.
    [host, browser] = await Promise.all([startEditorHost(prefix, { passwordCost: CHEAP_PASSWORDS, ...options }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the hosted editor is started in beforeAll: use it inside a test or a hook');
    return value;
  };
  const openSignIn = async (page: Page, next = '/') => {
    await page.goto(`${started(host).editor.url}${next}`);
    await page.getByRole('heading', { name: /^Sign in/ }).waitFor();
  };
  const typeCredentials = async (page: Page, email: string) => {
    await page.getByRole('textbox', { name: /^Email/ }).pressSequentially(email);
    await page
      .getByLabel(/^Password/)
      .and(page.locator('input'))
      .pressSequentially(PASSWORD);
    await page.keyboard.press('Enter');
  };
  const signIn = async (page: Page, email: string, next = '/') => {
    await openSignIn(page, next);
    await typeCredentials(page, email);
  };
  return {
    get host() {
      return started(host);
    },
    get browser() {
      return started(browser);
    },
    openSignIn,
    typeCredentials,
    signIn,
    signedIn: async (email, next = '/', { viewport = DESKTOP, timeout } = {}) => {
      const opened = await newPage(started(browser), viewport);
      if (timeout !== undefined) opened.page.setDefaultTimeout(timeout);
      await signIn(opened.page, email, next);
      return opened;
    },
    api: () => editorClient(started(host).editor.url),
  };
}
