/** Where the editor edits a document, from its file in pages-json: `/page/story.json`, `/collection/plans`, `/site`. */
export function editorPathOf(file: string): string {
  const name = file.replace(/^.*\//, '').replace(/\.json$/, '');
  if (file === '_site.json') return '/site';
  if (file.startsWith('_collections/')) return `/collection/${name}`;
  if (file.startsWith('_templates/')) return `/template/${name}`;
  return `/page/${file}`;
}
