// @vitest-environment jsdom
/**
 * A colleague's save, told of twice (the hosted editor's live stream names who saved; the change set's move that
 * follows asks the file's version, no name given): the fields both changed wait for one choice, still named after the
 * colleague, however soon the second notice comes (src/editor/app/state/merge-on-disk-change.ts). A CI run found the
 * choice replaced, under another name, when the second came before React had run its effects.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { useMergeOnDiskChange, type DiskVersion } from '../../src/editor/app/state/merge-on-disk-change';

let root: Root;
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  root = createRoot(document.createElement('div'));
});
afterEach(() => act(() => root.unmount()));

const opened = { hash: 'h1', doc: { heading: 'Terms' } };
const theirs = { heading: 'Terms, Rita’s way' };

function mount(draft: unknown = { heading: 'Terms, Ana’s way' }) {
  const seen: { merge?: ReturnType<typeof useMergeOnDiskChange>; baseRef?: { current: DiskVersion }; latest?: { current: unknown } } = {};
  const baseRef = { current: opened as DiskVersion };
  const latest = { current: draft };
  Object.assign(seen, { baseRef, latest });
  const Probe = () => {
    seen.merge = useMergeOnDiskChange({
      readDisk: () => Promise.resolve({ hash: 'h2', doc: theirs }),
      baseRef,
      setBase: () => undefined,
      latestRef: latest,
      replaceDraft: () => undefined,
      reloadFromDisk: () => Promise.resolve(),
    });
    return null;
  };
  act(() => root.render(<Probe />));
  return seen;
}

it('keeps the choice named after the colleague when the same version is told of again before the editor re-renders', async () => {
  const seen = mount();
  await act(async () => {
    await seen.merge!.changedOnDisk('h2', { hosted: true, name: 'Rita Review' }, theirs);
    await seen.merge!.changedOnDisk('h2', { hosted: true });
  });
  expect(seen.merge!.pending).toMatchObject({ kind: 'conflicts', disk: { hash: 'h2' }, by: { name: 'Rita Review' } });
});

it('keeps it too when the second notice comes after the editor re-rendered', async () => {
  const seen = mount();
  await act(() => seen.merge!.changedOnDisk('h2', { hosted: true, name: 'Rita Review' }, theirs));
  await act(() => seen.merge!.changedOnDisk('h2', { hosted: true }));
  expect(seen.merge!.pending).toMatchObject({ kind: 'conflicts', by: { name: 'Rita Review' } });
});

it('a choice made before the colleague was known (a save refused) takes their name when the live stream tells of that version', async () => {
  const seen = mount();
  await act(() => seen.merge!.changedOnDisk('h2', { hosted: true }, theirs));
  await act(() => seen.merge!.changedOnDisk('h2', { hosted: true, name: 'Rita Review' }));
  expect(seen.merge!.pending).toMatchObject({ kind: 'conflicts', disk: { hash: 'h2' }, by: { name: 'Rita Review' } });
});

it('a merge made without asking is the draft at once, before the editor re-renders (a save in that frame sends it)', async () => {
  const seen = mount({ heading: 'Terms', note: 'Ana’s note' });
  await act(async () => {
    await seen.merge!.changedOnDisk('h2', { hosted: true, name: 'Rita Review' }, theirs);
    expect(seen.latest!.current).toEqual({ heading: 'Terms, Rita’s way', note: 'Ana’s note' });
  });
});

it('a choice settled after a newer one replaced it does nothing: the newer one stays to be made', async () => {
  const seen = mount();
  await act(() => seen.merge!.changedOnDisk('h2', { hosted: true, name: 'Rita Review' }, theirs));
  const stale = seen.merge!.resolve;
  act(() => {
    void seen.merge!.changedOnDisk('h3', { hosted: true, name: 'Rita Review' }, { heading: 'Terms, Rita’s second way' });
    stale({});
  });
  expect(seen.merge!.pending).toMatchObject({ kind: 'conflicts', disk: { hash: 'h3' } });
  expect(seen.baseRef!.current.hash).toBe('h1');
});
