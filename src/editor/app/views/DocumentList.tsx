/**
 * Every document the editor edits (pages, templates, collections, the site configuration), each with its validation
 * status, named as people know them (listed-name.ts: never by their files); the search finds documents by name,
 * address or template here, and the text of every document through the server (SearchResults).
 */
import { Alert, Anchor, Button, Group, Loader, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DocumentKind, DocumentSummary } from '../../protocol';
import { useDocuments, useVocabulary } from '../api';
import { workspace } from '../workspace';
import { editorPath } from './editor-path';
import { HistoryLink } from './HistoryLink';
import { listedName } from './listed-name';
import { NewPageDialog } from './NewPageDialog';
import { StatusBadge, statusOf } from './StatusBadge';
import { SearchResults } from './SearchResults';
import { LanguageCells, LanguageHeaders, LanguageSummary } from './TranslationStatus';
import classes from './editor.module.css';

const GROUPS: [DocumentKind, string][] = [
  ['page', 'Pages'],
  ['template', 'Templates'],
  ['collection', 'Collections'],
  ['site', 'Site configuration'],
];

function Status({ errors, warnings }: { errors: number; warnings: number }) {
  const { tone, text } = statusOf(errors, warnings);
  return <StatusBadge tone={tone}>{text}</StatusBadge>;
}

export function DocumentList() {
  const documents = useDocuments();
  // A translator sees their languages (all of them when their account names none), and no way to add a page.
  const translator = workspace.structureLocked;
  const vocabulary = useVocabulary();
  const languages = translator ? (vocabulary.data?.languages ?? []).filter((language) => workspace.translates(language.code)) : [];
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [searched] = useDebouncedValue(search, 200);
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (document: DocumentSummary) => {
    const text = `${listedName(document)} ${document.route ?? ''} ${document.template ?? ''} ${document.kind}`.toLowerCase();
    return words.every((word) => text.includes(word));
  };
  return (
    <main className={classes.listMain}>
      <Stack gap="md" maw={1100}>
        <Group justify="space-between" align="end">
          <Title order={1} size="h2">
            Documents
          </Title>
          {!translator && <Button onClick={() => setCreating(true)}>New page</Button>}
        </Group>
        <TextInput
          label="Search documents"
          description="Titles, addresses, kinds of section (“FAQ”) and the text of every document"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={420}
        />
        <SearchResults query={searched} />
        {documents.isPending && <Loader role="status" aria-label="Loading documents" />}
        {documents.isError && <Alert color="red">The documents could not be loaded: {documents.error.message}</Alert>}
        {documents.data && languages.length > 0 && <LanguageSummary documents={documents.data} languages={languages} />}
        {documents.data &&
          GROUPS.map(([kind, heading]) => {
            const rows = documents.data.filter((document) => document.kind === kind && matches(document));
            if (!rows.length) return null;
            return (
              <section key={kind} aria-labelledby={`group-${kind}`}>
                <Title order={2} size="h4" id={`group-${kind}`} mb="xs">
                  {heading} ({rows.length})
                </Title>
                <Table striped highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Document</Table.Th>
                      {kind === 'page' && <Table.Th scope="col">Address on the site</Table.Th>}
                      {kind === 'page' && <Table.Th scope="col">Template</Table.Th>}
                      <Table.Th scope="col">Status</Table.Th>
                      <LanguageHeaders languages={languages} />
                      {workspace.changeSet && <Table.Th scope="col">History</Table.Th>}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((document) => (
                      <Table.Tr key={document.file} data-file={document.file}>
                        <Table.Td>
                          <Anchor component={Link} to={editorPath(document)}>
                            {listedName(document)}
                          </Anchor>
                        </Table.Td>
                        {kind === 'page' && <Table.Td>{document.route ?? 'Shown at any address with no page'}</Table.Td>}
                        {kind === 'page' && <Table.Td>{document.template ?? ''}</Table.Td>}
                        <Table.Td>
                          <Status errors={document.errors} warnings={document.warnings} />
                        </Table.Td>
                        <LanguageCells document={document} languages={languages} />
                        {workspace.changeSet && (
                          <Table.Td>
                            <HistoryLink file={document.display} name={listedName(document)} />
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </section>
            );
          })}
      </Stack>
      {!translator && <NewPageDialog opened={creating} onClose={() => setCreating(false)} />}
    </main>
  );
}
