/** Where the editor edits a document: `/page/<file>`, `/collection/<name>`, `/template/<name>`, `/site`. */
import type { DocumentKind } from '../../protocol';

export function editorPath(document: { file: string; kind: DocumentKind }): string {
  const name = document.file.replace(/^.*\//, '').replace(/\.json$/, '');
  switch (document.kind) {
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
