/**
 * How the editor names the document being edited, in the words a marketer uses: a page by its title and address,
 * anything else as "the plans collection" (shared/marketer-words.ts). Never its file: the toolbar, the save dialog and
 * the questions before leaving say which page, not which JSON file.
 */
import type { DocumentPayload } from '../protocol';
import { documentName } from '../shared/marketer-words';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A page's title as the draft has it, when it has one. */
const titleIn = (doc: unknown): string | undefined => {
  const title = (doc as { meta?: { title?: unknown } } | undefined)?.meta?.title;
  return typeof title === 'string' && title.trim() ? title : undefined;
};

/** The toolbar's heading: a page's title ("Our story"), or "Plans collection", "Site configuration". */
export function documentHeading(payload: Pick<DocumentPayload, 'kind' | 'display'>, doc: unknown): string {
  return (payload.kind === 'page' && titleIn(doc)) || capitalized(documentName(payload.display).replace(/^the /, ''));
}

/** In a sentence: "the page “Our story” (/story)", "the plans collection". */
export function documentInWords(payload: Pick<DocumentPayload, 'kind' | 'display' | 'route'>, doc: unknown): string {
  const title = payload.kind === 'page' ? titleIn(doc) : undefined;
  if (title) return `the page “${title}”${payload.route ? ` (${payload.route})` : ''}`;
  return documentName(payload.display);
}

/** A document not opened yet, by its file inside the content folder: "the page /story", "the plans collection". */
export const fileInWords = (file: string) => documentName(`pages-json/${file}`);

export const saveDialogWords = {
  title: (name: string) => `Save ${name}`,
  button: 'Save these changes',
  saved: (name: string, removed: string, added: string) => `Saved ${name}: ${removed} removed, ${added} added.`,
  unchanged: 'Nothing changes.',
  changed: (removed: string, added: string) => `${removed} removed and ${added} added; everything else stays exactly as it is.`,
  diffHeading: 'Line by line',
  leave: (name: string) => `${capitalized(name)} has changes that are not saved. If you leave without saving, they are lost.`,
  cannotOpen: (name: string) => `${capitalized(name)} cannot be opened`,
  opening: (name: string) => `Opening ${name}`,
  editing: (name: string) => `Editing ${name}`,
};
