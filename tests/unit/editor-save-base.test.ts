/**
 * What a save writes over the file as it is when its turn comes (src/editor/server/save-base.ts): the editor's own
 * changes applied to it, a colleague's change of another field kept, the same field changed by both a conflict, a
 * version the server never gave out a conflict, and an editor's saved draft kept as its base even after someone
 * opened the merged file under the same hash.
 */
import { describe, expect, test } from 'vitest';
import { OpenedVersions } from '../../src/editor/server/save-base';

const V0 = { title: 'Start', blocks: [{ id: 'hero', heading: 'H0', text: 'T0' }] };
const withHero = (hero: Partial<(typeof V0.blocks)[0]>) => ({ ...V0, blocks: [{ ...V0.blocks[0], ...hero }] });

describe('a save applied to the file as it is in its turn', () => {
  test('the file unchanged since opened: the draft as sent', () => {
    const versions = new OpenedVersions();
    versions.remember('a.json', 'h0', V0, 'opened');
    const mine = withHero({ heading: 'Mine' });
    expect(versions.saved('a.json', { baseHash: 'h0', mine, overwrite: false }, { doc: V0, hash: 'h0' })).toEqual({ ok: true, doc: mine });
  });

  test('a colleague changed another field meanwhile: both changes kept', () => {
    const versions = new OpenedVersions();
    versions.remember('a.json', 'h0', V0, 'opened');
    const disk = withHero({ text: 'Theirs' });
    const saved = versions.saved(
      'a.json',
      { baseHash: 'h0', mine: withHero({ heading: 'Mine' }), overwrite: false },
      { doc: disk, hash: 'h1' },
    );
    expect(saved).toEqual({ ok: true, doc: withHero({ heading: 'Mine', text: 'Theirs' }) });
  });

  test('a colleague changed the same field: a conflict; overwrite writes the draft whole', () => {
    const versions = new OpenedVersions();
    versions.remember('a.json', 'h0', V0, 'opened');
    const disk = withHero({ heading: 'Theirs' });
    const mine = withHero({ heading: 'Mine' });
    expect(versions.saved('a.json', { baseHash: 'h0', mine, overwrite: false }, { doc: disk, hash: 'h1' })).toEqual({
      ok: false,
      reason: 'conflict',
    });
    expect(versions.saved('a.json', { baseHash: 'h0', mine, overwrite: true }, { doc: disk, hash: 'h1' })).toEqual({ ok: true, doc: mine });
  });

  test('a version the server never gave out (opened before a restart): the file as it is when the hash is its, else a conflict', () => {
    const versions = new OpenedVersions();
    const mine = withHero({ heading: 'Mine' });
    expect(versions.saved('a.json', { baseHash: 'h0', mine, overwrite: false }, { doc: V0, hash: 'h0' })).toEqual({ ok: true, doc: mine });
    expect(versions.saved('a.json', { baseHash: 'old', mine, overwrite: false }, { doc: V0, hash: 'h0' })).toEqual({
      ok: false,
      reason: 'unknown-base',
    });
  });

  test('after a merged save the editor keeps its draft as base: its next save does not undo the colleague’s change', () => {
    const versions = new OpenedVersions();
    const draft = withHero({ heading: 'Mine' });
    const merged = withHero({ heading: 'Mine', text: 'Theirs' });
    versions.remember('a.json', 'h2', draft, 'saved');
    // Someone opens the merged file, which has the same hash: the saved draft stays the base of that hash.
    versions.remember('a.json', 'h2', merged, 'opened');
    const next = versions.saved(
      'a.json',
      { baseHash: 'h2', mine: withHero({ heading: 'Mine again' }), overwrite: false },
      { doc: merged, hash: 'h2' },
    );
    expect(next).toEqual({ ok: true, doc: withHero({ heading: 'Mine again', text: 'Theirs' }) });
    // And a save from the merged file itself repeats the colleague's change rather than conflicting with it.
    const fromFile = versions.saved(
      'a.json',
      { baseHash: 'h2', mine: { ...merged, title: 'New' }, overwrite: false },
      { doc: merged, hash: 'h2' },
    );
    expect(fromFile).toEqual({ ok: true, doc: { ...merged, title: 'New' } });
  });
});
