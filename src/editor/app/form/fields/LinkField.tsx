/** A link field: any allowed link, with the site's routes, this page's anchors, site: keys and (on buttons) panels offered. */
import { Autocomplete, Box, Stack, Text } from '@mantine/core';
import type { FormContext } from '../context';
import { FieldWarning } from '../field-problems';
import type { LeafFieldProps } from './leaf-props';

export function LinkField({
  label,
  description,
  required,
  error,
  warning,
  disabled,
  node,
  value,
  onChange,
  context,
}: LeafFieldProps & { context: FormContext }) {
  const { vocabulary } = context;
  const panels = (node.pattern ?? '').includes('panel:');
  const data = [
    { group: 'Pages', items: vocabulary.routes.map(({ route }) => route) },
    { group: 'Sections of this page', items: context.anchors.map((id) => `#${id}`) },
    {
      group: 'Sections of other pages',
      items: Object.entries(vocabulary.anchors).flatMap(([route, ids]) => ids.map((id) => `${route === '/' ? '/' : route}#${id}`)),
    },
    { group: 'Site links (kept in the site configuration)', items: vocabulary.siteLinks.map(({ key }) => `site:${key}`) },
    ...(panels ? [{ group: 'Panels (buttons only)', items: vocabulary.panels.map((panel) => `panel:${panel}`) }] : []),
  ].filter((group) => group.items.length);
  const describe = new Map<string, string>([
    ...vocabulary.routes.map(({ route, title }) => [route, title] as [string, string]),
    ...vocabulary.siteLinks.map(({ key, url }) => [`site:${key}`, url] as [string, string]),
  ]);
  return (
    <Box>
      <Autocomplete
        label={label}
        description={description}
        required={required}
        disabled={disabled}
        error={error}
        value={typeof value === 'string' ? value : ''}
        onChange={onChange}
        data={data}
        limit={60}
        maxDropdownHeight={300}
        renderOption={({ option }) => (
          <Stack gap={0}>
            <Text size="sm">{option.value}</Text>
            {describe.get(option.value) && (
              <Text size="xs" c="gray.8">
                {describe.get(option.value)}
              </Text>
            )}
          </Stack>
        )}
      />
      <FieldWarning warning={warning} />
    </Box>
  );
}
