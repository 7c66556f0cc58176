/**
 * The words of a colleague's save the editor cannot read (src/editor/app/other-save-words.ts): a page's "Keep mine"
 * saves over it, as the page editor's save does; a translation's cannot (the server refuses a save into a translation
 * file that is not JSON, src/editor/server/translations.ts), so its words promise no such save.
 */
import { describe, expect, it } from 'vitest';
import { otherSaveWords } from '../../src/editor/app/other-save-words';

const rita = { hosted: true, name: 'Rita' } as const;
const FILE = 'pages-json/_translations/es/story.json';

describe('the words of a save that cannot be merged', () => {
  it('a page: keeping mine replaces their version', () => {
    const words = otherSaveWords(rita, 'page', '/story');
    expect(words.keepMine(false)).toBe('Keep my changes (saving will replace Rita’s version)');
  });

  it('a translation that does not read as JSON: the texts stay here, and are not saved over it until it is fixed', () => {
    for (const by of [rita, { hosted: false } as const]) {
      const words = otherSaveWords(by, 'translation', FILE);
      expect(words.keepMine(false)).toBe('Keep my texts here');
      expect(words.unmergeable(false)).toContain('nor saved over it, until the file is fixed');
      expect(words.keepMine(false)).not.toMatch(/replace/);
    }
    expect(otherSaveWords(rita, 'translation', FILE).unmergeable(false)).toMatch(
      /^Rita saved this translation in a form the editor cannot read\./,
    );
  });

  it('a translation removed meanwhile: saving writes it again', () => {
    const words = otherSaveWords(rita, 'translation', FILE);
    expect(words.keepMine(true)).toBe('Keep my texts (saving will write the file again)');
    expect(words.unmergeable(true)).toBe('Rita removed this translation after you opened it, so your changes cannot be merged with it.');
  });
});
