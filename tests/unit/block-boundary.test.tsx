// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Block } from '../../src/engine/page-schema';
import { blockElement } from './render-block';

beforeAll(() => {
  // Mantine reads matchMedia; jsdom has none.
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  })) as never;
});

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

// A CardGrid without cards throws while rendering: the stand-in for any block bug.
const broken = { type: 'CardGrid', heading: 'Broken grid' } as unknown as Block;

describe('a block that fails to render', () => {
  it('shows a panel naming the block in development', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(blockElement(broken));
    expect(screen.getByText('Block CardGrid failed to render')).toBeTruthy();
  });

  it('is left out and logged in production, without taking the page down', () => {
    vi.stubEnv('DEV', false);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(blockElement([broken, { type: 'Hero', heading: 'The rest of the page' }]));
    expect(screen.queryByText('Block CardGrid failed to render')).toBeNull();
    expect(screen.queryByText('Broken grid')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'The rest of the page' })).toBeTruthy();
    expect(error.mock.calls.some((call) => String(call[0]).includes('blocks[0] (CardGrid) failed to render'))).toBe(true);
  });
});
