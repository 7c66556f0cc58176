// @vitest-environment jsdom
/** Static content keeps its prerendered HTML on hydration, and renders for real on client-side mounts. */
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginInitialHydration, endInitialHydration } from '../../src/app/initial-hydration';
import { KeepServerHtml } from '../../src/app/KeepServerHtml';

// Tells React this environment drives updates through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const rendered = vi.fn();
function Card({ text }: { text: string }) {
  rendered(text);
  return <a href="/story">{text}</a>;
}

afterEach(() => {
  endInitialHydration();
  rendered.mockClear();
  document.body.innerHTML = '';
});

async function hydrate(element: React.ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  rendered.mockClear();
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  beginInitialHydration();
  await act(async () => void hydrateRoot(container, element));
  const logged = errors.mock.calls;
  errors.mockRestore();
  return { container, logged };
}

describe('KeepServerHtml', () => {
  it('keeps the server HTML during the initial hydration without running the component', async () => {
    const { container, logged } = await hydrate(<KeepServerHtml content="a"><Card text="Our story" /></KeepServerHtml>);
    expect(container.querySelector('a')?.textContent).toBe('Our story');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/story');
    expect(rendered).not.toHaveBeenCalled();
    expect(logged).toEqual([]);
  });

  it('renders for real when mounted outside the initial hydration (client-side navigation)', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => createRoot(container).render(<KeepServerHtml content="b"><Card text="Careers" /></KeepServerHtml>));
    expect(rendered).toHaveBeenCalledWith('Careers');
    expect(container.textContent).toBe('Careers');
  });

  it('renders the new content when a kept instance is given other content', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<KeepServerHtml content="home"><Card text="Home hero" /></KeepServerHtml>);
    document.body.append(container);
    beginInitialHydration();
    const root = await act(async () => hydrateRoot(container, <KeepServerHtml content="home"><Card text="Home hero" /></KeepServerHtml>));
    endInitialHydration();
    await act(async () => root.render(<KeepServerHtml content="story"><Card text="Story hero" /></KeepServerHtml>));
    expect(container.textContent).toBe('Story hero');
  });
});
