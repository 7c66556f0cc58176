/**
 * What the translation editor stands on: the document's texts as the server last gave them (the English now, each
 * text's state, the translation file's text) and the texts whose English was removed since the editor opened. The
 * server decides every state (src/editor/server/translations.ts, as a reload would): the browser only takes its answers.
 * A removed text is kept so that what the translator wrote in it is not lost with its row.
 */
import type { TranslationPayload, TranslationText } from '../../protocol';

export interface TranslationBase {
  /** The translation file's hash when read (null: there is none yet). */
  hash: string | null;
  texts: TranslationText[];
  /** Texts shown earlier in this session that the English no longer has, as they were last shown. */
  gone: GoneText[];
}

/** A text the English no longer has, with the key of the text it followed (none: it was first), to be shown there. */
type GoneText = TranslationText & { after?: string };

type Answer = Pick<TranslationPayload, 'hash' | 'texts'>;

export const firstBase = (payload: Answer): TranslationBase => ({ hash: payload.hash, texts: payload.texts, gone: [] });

/** The base once the server answered `fresh`: the texts it no longer has join those gone (a text back leaves them). */
export function nextBase(fresh: Answer) {
  return (previous: TranslationBase): TranslationBase => {
    const now = new Set(fresh.texts.map((text) => text.key));
    const goneNow = previous.texts.map((text, index): GoneText => (index ? { ...text, after: previous.texts[index - 1].key } : text));
    const gone = new Map([...previous.gone, ...goneNow].filter((text) => !now.has(text.key)).map((text) => [text.key, text]));
    return { hash: fresh.hash, texts: fresh.texts, gone: [...gone.values()] };
  };
}

/** Whether two answers for one translation file show the same English: same texts, same English, same states. */
export const sameEnglish = (a: readonly TranslationText[], b: readonly TranslationText[]) => JSON.stringify(a) === JSON.stringify(b);
