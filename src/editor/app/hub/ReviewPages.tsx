/**
 * Every page a change set changes, in every language (the server's answer: the pages whose rendering reads what it
 * changes), each one opened before and after at a desktop's or a phone's width (ComparisonFrames). The first few are
 * listed, with the rest a click away.
 */
import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AffectedPage } from '../../hosted-protocol';
import { ComparisonFrames } from './ComparisonFrames';

/** How many pages are listed before "Show all". */
const FIRST = 12;
const WIDTHS = [
  { label: 'Desktop (1,280 px)', value: '1280' },
  { label: 'Phone (375 px)', value: '375' },
];

export function ReviewPages({ changeSet, pages }: { changeSet: string; pages: AffectedPage[] }) {
  const [chosen, setChosen] = useState<string>();
  const [width, setWidth] = useState('1280');
  const [all, setAll] = useState(false);
  const page = pages.find((entry) => entry.path === chosen) ?? pages[0];
  const listed = all ? pages : pages.slice(0, FIRST);
  return (
    <section aria-labelledby="pages-title">
      <Title order={2} size="h4" id="pages-title" mb="xs">
        Pages it changes ({pages.length})
      </Title>
      {pages.length === 0 ? (
        <Text size="sm">No page of the site looks different with this change set.</Text>
      ) : (
        <Stack gap="sm">
          <Group gap="xs" role="group" aria-label="Page to compare">
            {listed.map((entry) => (
              <Button
                key={entry.path}
                size="compact-sm"
                variant={entry === page ? 'filled' : 'default'}
                aria-pressed={entry === page}
                onClick={() => setChosen(entry.path)}
                data-page={entry.path}
              >
                {entry.title} ({entry.language}
                {entry.isNew ? ', new' : ''}) {entry.path}
              </Button>
            ))}
            {pages.length > listed.length && (
              <Button size="compact-sm" variant="subtle" onClick={() => setAll(true)}>
                and {pages.length - listed.length} more: show all
              </Button>
            )}
          </Group>
          <SegmentedControl data={WIDTHS} value={width} onChange={setWidth} aria-label="Width to compare at" w="fit-content" />
          {page && <ComparisonFrames key={`${page.path} ${width}`} changeSet={changeSet} page={page} width={Number(width)} />}
        </Stack>
      )}
    </section>
  );
}
