/** The placeholders a text may use ({product}, a plan's figure), inserted where the cursor is. */
import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import type { SiteVocabulary } from '../../../protocol';

export function PlaceholderMenu({
  label,
  vocabulary,
  onInsert,
}: {
  label: string;
  vocabulary: SiteVocabulary;
  onInsert: (token: string) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={340}>
      <Menu.Target>
        <Tooltip label="Insert a placeholder" openDelay={400}>
          <ActionIcon variant="subtle" color="gray.8" aria-label={`Insert a placeholder in ${label}`}>
            <IconBraces size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        <PlaceholderItems vocabulary={vocabulary} onInsert={onInsert} />
      </Menu.Dropdown>
    </Menu>
  );
}

/** The menu's items: rendered only while the menu is open (a form has many text fields). */
function PlaceholderItems({ vocabulary, onInsert }: { vocabulary: SiteVocabulary; onInsert: (token: string) => void }) {
  const offered = vocabulary.placeholders.filter(({ token }) => !token.includes('.') || token.startsWith('plans.'));
  return (
    <>
      <Menu.Label>Replaced on the page by</Menu.Label>
      {offered.map(({ token, value }) => (
        <Menu.Item key={token} onClick={() => onInsert(`{${token}}`)}>
          <Text size="sm" ff="monospace">{`{${token}}`}</Text>
          <Text size="xs" c="gray.8" lineClamp={1}>
            {value}
          </Text>
        </Menu.Item>
      ))}
    </>
  );
}
