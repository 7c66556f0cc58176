/**
 * What the translation editor stands on after each answer of the server (src/editor/app/state/translation-base.ts):
 * a text the English no longer has is kept with the text it followed, so a row the translator wrote in stays where it
 * was; a text back in the English leaves the removed ones; answers are the same English only when nothing differs.
 */
import { describe, expect, it } from 'vitest';
import { firstBase, nextBase, sameEnglish } from '../../src/editor/app/state/translation-base';
import type { TranslationText } from '../../src/editor/protocol';

const text = (key: string, source = `${key} in English`): TranslationText => ({
  key,
  pointer: `/${key}`,
  where: key,
  source,
  state: 'translated',
  text: `${key} en español`,
});

const answer = (...texts: TranslationText[]) => ({ hash: 'h1', texts });

describe('the translation editor’s base', () => {
  it('keeps a removed text with the key of the text it followed (none: it was first)', () => {
    const opened = firstBase(answer(text('a'), text('b'), text('c')));
    const next = nextBase(answer(text('b')))(opened);
    expect(next.texts.map((kept) => kept.key)).toEqual(['b']);
    expect(next.gone.map(({ key, after }) => ({ key, after }))).toEqual([
      { key: 'a', after: undefined },
      { key: 'c', after: 'b' },
    ]);
  });

  it('keeps a text removed earlier as it was, and drops it from the removed when its English is back', () => {
    const opened = firstBase(answer(text('a'), text('b'), text('c')));
    const removed = nextBase(answer(text('a'), text('c')))(opened);
    const again = nextBase(answer(text('a')))(removed);
    expect(again.gone.map(({ key, after }) => ({ key, after }))).toEqual([
      { key: 'b', after: 'a' },
      { key: 'c', after: 'a' },
    ]);
    const back = nextBase(answer(text('a'), text('b')))(again);
    expect(back.gone.map((gone) => gone.key)).toEqual(['c']);
  });

  it('tells a changed English, a changed state or a new text from the same answer', () => {
    const texts = [text('a'), text('b')];
    expect(sameEnglish(texts, [text('a'), text('b')])).toBe(true);
    expect(sameEnglish(texts, [text('a'), text('b', 'b, reworded')])).toBe(false);
    expect(sameEnglish(texts, [text('a'), { ...text('b'), state: 'outdated' }])).toBe(false);
    expect(sameEnglish(texts, [...texts, text('c')])).toBe(false);
  });
});
