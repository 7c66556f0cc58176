/**
 * What a search of the document list finds in the text of every document (the server's `/search`): each hit
 * says where it is in words ("FAQ › Item 3 › Question"), in which document, with the text around the match,
 * and opens the document with that field selected and focused (`?field=`). No hit says so.
 */
import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { FIELD_PARAM, type DocumentKind, type SearchHit } from '../../protocol';
import { api } from '../api';
import { editorPath } from './editor-path';
import { listedName } from './listed-name';
import classes from './editor.module.css';

const KIND_NAMES: Record<DocumentKind, string> = {
  page: 'page',
  collection: 'collection',
  template: 'template',
  site: 'site configuration',
};

const hrefOf = (hit: SearchHit) =>
  `${editorPath(hit)}${hit.pointer ? `?${new URLSearchParams({ [FIELD_PARAM]: hit.pointer }).toString()}` : ''}`;

function Hit({ hit }: { hit: SearchHit }) {
  const { snippet } = hit;
  // A page by its address on the site; anything else by its name alone (never its file).
  const where = hit.route ? ` · ${hit.route}` : '';
  return (
    <li className={classes.hit} data-hit={`${hit.file}#${hit.pointer}`}>
      <Anchor component={Link} to={hrefOf(hit)} className={classes.hitLink}>
        <Text component="span" size="sm" fw={600} display="block">
          {hit.match === 'document' ? listedName(hit) : hit.where}
        </Text>
        <Text component="span" size="xs" c="gray.8" display="block">
          {hit.match === 'document' ? `${KIND_NAMES[hit.kind]}${where}` : `${listedName(hit)}${where}`}
        </Text>
        {snippet && (snippet.before || snippet.match || snippet.after) && (
          <Text component="span" size="sm" c="dark" display="block">
            {snippet.before}
            {snippet.match && <mark>{snippet.match}</mark>}
            {snippet.after}
          </Text>
        )}
      </Anchor>
    </li>
  );
}

export function SearchResults({ query }: { query: string }) {
  const trimmed = query.trim();
  const search = useQuery({
    queryKey: ['search', trimmed],
    queryFn: () => api.search(trimmed),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });
  if (!trimmed) return null;
  const data = search.data?.query === trimmed ? search.data : undefined;
  return (
    <section aria-labelledby="search-results" className={classes.searchResults}>
      <Title order={2} size="h4" id="search-results" mb={4}>
        Matches in the text
      </Title>
      {search.isError && (
        <Text size="sm" c="red.9" role="alert">
          The search failed: {search.error.message}
        </Text>
      )}
      {!data && !search.isError && <Loader size="sm" role="status" aria-label={`Searching for “${trimmed}”`} />}
      {data && (
        <Stack gap={4}>
          <Text size="sm" role="status" data-search-status>
            {data.total === 0
              ? `No document or text matches “${trimmed}”.`
              : data.total > data.hits.length
                ? `The best ${data.hits.length} of ${data.total} matches for “${trimmed}”: add a word to narrow them.`
                : `${data.total === 1 ? '1 match' : `${data.total} matches`} for “${trimmed}”.`}
          </Text>
          {data.hits.length > 0 && (
            <ul className={classes.hits}>
              {data.hits.map((hit) => (
                <Hit key={`${hit.file}#${hit.pointer}#${hit.match}`} hit={hit} />
              ))}
            </ul>
          )}
        </Stack>
      )}
    </section>
  );
}
