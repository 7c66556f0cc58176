/**
 * Every page a change set changes, in every language (the server's answer: the pages whose rendering reads what it
 * changes), one row per page with a button per language, each opening it before and after at a desktop's or a phone's
 * width (ComparisonFrames). The first few pages are listed, with the rest a click away.
 */
import { Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AffectedPage } from '../../hosted-protocol';
import { ComparisonFrames } from './ComparisonFrames';

/** How many pages (each in all its languages) are listed before "Show all". */
const FIRST = 10;
const WIDTHS = [
  { label: 'Desktop (1,280 px)', value: '1280' },
  { label: 'Phone (375 px)', value: '375' },
];

/** The pages by their route, in the order given (the pages whose own document changed first). */
function byRoute(pages: AffectedPage[]): AffectedPage[][] {
  const rows = new Map<string, AffectedPage[]>();
  for (const page of pages) rows.set(page.route, [...(rows.get(page.route) ?? []), page]);
  return [...rows.values()];
}

export function ReviewPages({ changeSet, pages }: { changeSet: string; pages: AffectedPage[] }) {
  const [chosen, setChosen] = useState<string>();
  const [width, setWidth] = useState('1280');
  const [all, setAll] = useState(false);
  const page = pages.find((entry) => entry.path === chosen) ?? pages[0];
  const rows = byRoute(pages);
  const listed = all ? rows : rows.slice(0, FIRST);
  return (
    <section aria-labelledby="pages-title">
      <Title order={2} size="h4" id="pages-title" mb="xs">
        Pages it changes: {rows.length} {rows.length === 1 ? 'page' : 'pages'}, {pages.length} in all languages
      </Title>
      {pages.length === 0 ? (
        <Text size="sm">No page of the site looks different with this change set.</Text>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing={4} aria-label="Pages it changes">
              <Table.Tbody>
                {listed.map((row) => (
                  <Table.Tr key={row[0].route}>
                    <Table.Td>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {row[0].title}
                        {row[0].isNew ? ' (new)' : ''}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {row[0].route}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {row.map((entry) => (
                          <Button
                            key={entry.path}
                            size="compact-sm"
                            variant={entry === page ? 'filled' : 'default'}
                            aria-pressed={entry === page}
                            aria-label={`Compare ${entry.title} in ${entry.language} (${entry.path})`}
                            onClick={() => setChosen(entry.path)}
                            data-page={entry.path}
                          >
                            {entry.language}
                          </Button>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length > listed.length && (
            <Button size="compact-sm" variant="subtle" w="fit-content" onClick={() => setAll(true)}>
              and {rows.length - listed.length} more: show all
            </Button>
          )}
          <Group gap="sm">
            <Text size="sm" fw={600}>
              {page.title} ({page.language}, {page.path})
            </Text>
            <SegmentedControl data={WIDTHS} value={width} onChange={setWidth} aria-label="Width to compare at" />
          </Group>
          <ComparisonFrames key={`${page.path} ${width}`} changeSet={changeSet} page={page} width={Number(width)} />
        </Stack>
      )}
    </section>
  );
}
