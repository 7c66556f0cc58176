/**
 * "Preview on": the page a collection, a template or the site configuration is previewed on, among every page that
 * shows it (the document's `previewPages`: each page whose blocks show the collection, each page on the template,
 * any page for the site configuration). Above the preview of those editors.
 */
import { Select, Text } from '@mantine/core';
import type { EditorSession } from '../state/session';

/** A page's title without the brand every title ends with. */
const shortTitle = (title: string) => title.replace(/\s*\|\s*[^|]+$/, '');

function description(session: EditorSession, count: number): string {
  const name = session.payload.file.replace(/^.*\//, '').replace(/\.json$/, '');
  switch (session.payload.kind) {
    case 'collection':
      return count === 1 ? `1 page shows the ${name} collection` : `${count} pages show the ${name} collection`;
    case 'template':
      return count === 1 ? '1 page is written on this template' : `${count} pages are written on this template`;
    default:
      return 'Every page shows the site configuration';
  }
}

/** The route the preview shows: the one chosen, else the first page that shows the document. */
export const previewRouteOf = (session: EditorSession) => session.previewRoute ?? session.payload.previewPages?.[0]?.route;

export function PreviewPicker({ session }: { session: EditorSession }) {
  const pages = session.payload.previewPages ?? [];
  if (!pages.length)
    return (
      <Text size="sm" px="sm" py={6}>
        No page shows this yet: the preview is the home page.
      </Text>
    );
  return (
    <Select
      label="Preview on"
      description={description(session, pages.length)}
      data={pages.map((page) => ({ value: page.route, label: `${page.route} · ${shortTitle(page.title)}` }))}
      value={previewRouteOf(session) ?? null}
      onChange={(route) => route && session.setPreviewRoute(route)}
      allowDeselect={false}
      searchable={pages.length > 8}
      size="xs"
      px="sm"
      py={6}
      wrapperProps={{ 'data-preview-picker': true }}
    />
  );
}
