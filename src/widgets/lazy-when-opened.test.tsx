// @vitest-environment jsdom
/**
 * An overlay whose code is fetched on first open: it shows once the code arrives whether the visitor opened it before
 * or after a preload finished, stays mounted when closed, and React logs nothing (a click during the preload logged
 * "called use() to suspend in a previous render but did not call use() when it finished" in a CI run). React renders
 * here as in a browser, scheduled on its own (not inside act, which replays a suspended render and hid the fault).
 */
import type { ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyWhenOpened } from './lazy-when-opened';

function Panel({ opened }: { opened: boolean }) {
  return opened ? <p>panel open</p> : <p>panel closed</p>;
}

/** A download the test finishes when it wants. */
function manualDownload() {
  let finish = () => {};
  const arrived = new Promise<ComponentType<{ opened: boolean }>>((resolve) => (finish = () => resolve(Panel)));
  return { load: () => arrived, finish };
}

const shows = (text: string) => vi.waitFor(() => expect(container.textContent).toBe(text));
const aMoment = () => new Promise((resolve) => setTimeout(resolve, 20));

let container: HTMLElement;
let root: Root;
let errors: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  errors = vi.spyOn(console, 'error');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  root.unmount();
  container.remove();
  errors.mockRestore();
});

describe('lazyWhenOpened', () => {
  it('opened while its code is still coming: shows it once it arrives, and React logs nothing', async () => {
    const download = manualDownload();
    const Overlay = lazyWhenOpened(download.load);
    root.render(<Overlay opened={false} />);
    await aMoment();
    Overlay.preload(); // the pointer reached the button; the click comes before the code
    root.render(<Overlay opened />);
    await aMoment();
    expect(container.textContent).toBe('');
    download.finish();
    await shows('panel open');
    expect(errors).not.toHaveBeenCalled();
  });

  it('opened after a preload finished: shows it without waiting for anything', async () => {
    const download = manualDownload();
    const Overlay = lazyWhenOpened(download.load);
    Overlay.preload();
    download.finish();
    await aMoment();
    root.render(<Overlay opened={false} />);
    await aMoment();
    // In one synchronous render: had it suspended on the download, nothing would show yet.
    flushSync(() => root.render(<Overlay opened />));
    expect(container.textContent).toBe('panel open');
    expect(errors).not.toHaveBeenCalled();
  });

  it('stays mounted once closed, so it can play its exit and give focus back', async () => {
    const download = manualDownload();
    const Overlay = lazyWhenOpened(download.load);
    root.render(<Overlay opened={false} />);
    await aMoment();
    root.render(<Overlay opened />);
    download.finish();
    await shows('panel open');
    root.render(<Overlay opened={false} />);
    await shows('panel closed');
  });
});
