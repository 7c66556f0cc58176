/** Where the editor edits a document: `/page/<file>`, `/collection/<name>`, `/template/<name>`, `/site`. */
import type { DocumentKind } from '../../protocol';

/** A document's kind, from where it is in pages-json. */
const kindOfFile = (file: string): DocumentKind =>
  file === '_site.json' ? 'site' : file.startsWith('_collections/') ? 'collection' : file.startsWith('_templates/') ? 'template' : 'page';

export function editorPath(document: { file: string; kind?: DocumentKind }): string {
  const name = document.file.replace(/^.*\//, '').replace(/\.json$/, '');
  switch (document.kind ?? kindOfFile(document.file)) {
    case 'page':
      return `/page/${document.file}`;
    case 'collection':
      return `/collection/${name}`;
    case 'template':
      return `/template/${name}`;
    case 'site':
      return '/site';
  }
}
