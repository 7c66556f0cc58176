/**
 * What the visual editor's browser tests share: a real dev server on a copy of the content that is a throwaway git
 * repository of its own (every test starts from the content as copied), and the ways a marketer reaches things in
 * the editor (open a view, a field by its label, the preview frame, the status, saving through the diff).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { copyOfContent, startDevServer, type DevServer } from '../../test-support/dev-server';
import { launchBrowser, newPage } from '../../test-support/browser';

export const WIDE = { width: 1440, height: 900 };

export interface EditorFixture {
  browser: Browser;
  dev: DevServer;
  /** The copy of pages-json/, inside a git repository of its own. */
  content: string;
  git: (...args: string[]) => string;
  read: (file: string) => string;
  write: (file: string, text: string) => void;
  openEditor: (
    path: string,
    viewport?: { width: number; height: number },
    options?: { timeout?: number; touch?: boolean },
  ) => Promise<Page>;
}

/** Starts the dev server and the browser for a test file, and puts the content back after each test. */
export function useEditorFixture(): EditorFixture {
  const fixture = {} as EditorFixture;
  beforeAll(async () => {
    const content = copyOfContent();
    const repo = dirname(content);
    fixture.content = content;
    fixture.git = (...args) =>
      execFileSync('git', ['-c', 'user.name=Editor test', '-c', 'user.email=editor@example.com', ...args], { cwd: repo, encoding: 'utf8' });
    fixture.read = (file) => readFileSync(join(content, file), 'utf8');
    fixture.write = (file, text) => writeFileSync(join(content, file), text);
    fixture.git('init', '-q');
    fixture.git('add', '-A');
    fixture.git('commit', '-qm', 'content as copied');
    [fixture.browser, fixture.dev] = await Promise.all([launchBrowser(), startDevServer(content)]);
    fixture.openEditor = async (path, viewport = WIDE, { timeout, touch } = {}) => {
      const { page } = await newPage(fixture.browser, viewport, { touch });
      await page.goto(`${fixture.dev.baseURL}/__edit${path}`, { timeout });
      if (path === '') await page.getByRole('heading', { name: 'Documents' }).waitFor({ timeout });
      else await page.getByRole('main', { name: /^(Editing|Translating) / }).waitFor({ timeout });
      return page;
    };
    // The editor's first load compiles its modules (and on a fresh clone Vite optimizes its dependencies): once here.
    const page = await fixture.openEditor('', WIDE, { timeout: 110_000 });
    await page.close();
  });
  afterAll(async () => {
    await fixture.browser?.close();
    await fixture.dev?.stop();
  });
  afterEach(({ task }) => {
    if (task.result?.state === 'fail') console.error(`dev server output:\n${fixture.dev.output().slice(-4000)}`);
    fixture.git('checkout', '-q', '--', '.');
    fixture.git('clean', '-qfd');
  });
  return fixture;
}

/**
 * Shows the form or the preview where the screen is too narrow for both (a phone, a tablet): the switch above them, as
 * a marketer taps it. Nothing to do where both show side by side.
 */
export async function showPane(page: Page, pane: 'Form' | 'Preview') {
  const switcher = page.getByRole('radiogroup', { name: 'Show the form or the preview' });
  if (await switcher.isVisible()) await switcher.getByText(pane, { exact: true }).click();
}

export const preview = (page: Page): FrameLocator => page.frameLocator('iframe[title^="Preview"]');
export const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
export const status = (page: Page) => page.locator('[data-check-status]').innerText();
export const saveButton = (page: Page) => page.getByRole('button', { name: 'Save…' });

/**
 * Types at the end of a field's text, key by key, as a marketer who clicks into it and types does (`pressSequentially`
 * alone types where the caret is after `focus()`: before the text).
 */
export async function typeAtEnd(locator: Locator, text: string) {
  await locator.click();
  await locator.press('End');
  await locator.pressSequentially(text);
}

/** Selects a section in the outline by its label. */
export async function selectSection(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Sections of the page' }).locator(`[data-outline-label="${label}"]`).first().click();
  await page.locator('[data-form-title]').filter({ hasText: label }).waitFor();
}

/** Save, as a marketer does: the diff first, then save; returns the diff's text. */
export async function save(page: Page): Promise<string> {
  await expect.poll(() => saveButton(page).isEnabled()).toBe(true);
  await saveButton(page).click();
  const dialog = page.getByRole('dialog', { name: /^Save the / });
  const diff = dialog.getByRole('table', { name: 'Changes to the file' });
  await diff.waitFor();
  const text = await diff.innerText();
  await dialog.getByRole('button', { name: 'Save these changes' }).click();
  await page.locator('[data-status="saved"]').waitFor();
  return text;
}

/** WCAG's contrast ratio of two `rgb(...)` colours as getComputedStyle gives them. */
export function contrastRatio(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((channel) => {
      const c = Number(channel) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [luminance(foreground), luminance(background)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}
