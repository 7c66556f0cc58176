/**
 * The site configuration and the templates: the whole document as one form from its schema (values
 * the form cannot represent, such as a template's shared fields, as JSON), and a page that shows it,
 * rendered from the draft.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import type { SiteVocabulary } from '../../protocol';
import { ObjectFields } from '../form/Field';
import { deref } from '../form/schema';
import { useFormContext } from '../form/use-form-context';
import type { EditorSession } from '../state/session';
import classes from './editor.module.css';
import { EditorColumns, usePane } from './EditorColumns';
import { useFieldFocus } from './field-param';
import { Preview } from '../preview/Preview';
import { PreviewPicker, previewRouteOf } from './PreviewPicker';
import { ProblemList } from './ProblemList';

export function WholeDocumentEditor({ session, vocabulary }: { session: EditorSession; vocabulary: SiteVocabulary }) {
  const { payload, doc } = session;
  const root = payload.schema;
  // Opened at a field (a search hit): the lists on the way to it open, the field focused.
  const { field, show } = useFieldFocus();
  const context = useFormContext(session, vocabulary, { focus: field });
  const pages = payload.usedBy?.length ?? 0;
  const [pane, setPane] = usePane();
  return (
    <EditorColumns pane={pane} onPane={setPane}>
      <section className={classes.column} aria-label={payload.kind === 'site' ? 'Site configuration' : 'Template'}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {payload.kind === 'site' ? 'Site configuration' : `The ${payload.file.replace(/^.*\//, '').replace(/\.json$/, '')} template`}
          </Title>
          {payload.kind === 'template' && (
            <Alert color="blue">
              {pages === 1 ? '1 page is' : `${pages} pages are`} written on this template: a change here changes{' '}
              {pages === 1 ? 'it' : 'all of them'}.
            </Alert>
          )}
          {payload.kind === 'site' && (
            <Text size="sm">Brand, contact details, external links, menus and the texts of the site's frame.</Text>
          )}
          <ObjectFields node={deref(root, root)} value={doc} path={[]} context={context} />
        </Stack>
        <ProblemList session={session} onShow={show} />
      </section>
      <section className={classes.previewColumn} aria-label="Preview">
        <PreviewPicker session={session} />
        <Preview
          file={payload.file}
          route={previewRouteOf(session)}
          title={`${payload.kind === 'site' ? 'the site configuration' : 'the template'} on ${previewRouteOf(session) ?? 'the home page'}`}
          previews={session.previews}
          selected={undefined}
          onSelect={() => undefined}
        />
      </section>
    </EditorColumns>
  );
}
