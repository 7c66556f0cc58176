/** Adds a block: every block the place allows, by category, with its label, description and a preview rendered from its example. */
import { Button, Group, Modal, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { BlockInfo } from '../../protocol';
import { workspace } from '../workspace';
import { Icon } from '../../../ui/icons';
import type { IconName } from '../../../vocabulary/icon-names';
import classes from './editor.module.css';

export function Palette({
  opened,
  blocks,
  where,
  onClose,
  onAdd,
}: {
  opened: boolean;
  blocks: BlockInfo[];
  /** Where the block goes, in words: "after Hero", "in More after hero". */
  where: string;
  onClose: () => void;
  onAdd: (type: string) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Add a section ${where}`} size="90rem">
      <PaletteContent blocks={blocks} onAdd={onAdd} />
    </Modal>
  );
}

/** The blocks and the preview: rendered only while the palette is open. */
function PaletteContent({ blocks, onAdd }: { blocks: BlockInfo[]; onAdd: (type: string) => void }) {
  const [chosen, setChosen] = useState<string>();
  const current = blocks.find((block) => block.type === chosen) ?? blocks[0];
  const categories = [...new Set(blocks.map((block) => block.category))];
  return (
    <div className={classes.paletteGrid}>
      <nav aria-label="Blocks" className={classes.paletteList}>
        {categories.map((category) => (
          <section key={category} aria-label={category}>
            <Title order={3} size="h6" mt="sm" mb={4}>
              {category}
            </Title>
            <Stack gap={2}>
              {blocks
                .filter((block) => block.category === category)
                .map((block) => (
                  <UnstyledButton
                    key={block.type}
                    className={classes.paletteOption}
                    aria-pressed={current?.type === block.type}
                    onClick={() => setChosen(block.type)}
                    onDoubleClick={() => onAdd(block.type)}
                  >
                    <Icon name={block.icon as IconName} size={20} />
                    <span>
                      <Text size="sm" fw={600} component="span" display="block">
                        {block.label}
                      </Text>
                      <Text size="xs" c="gray.8" component="span" display="block">
                        {block.description}
                      </Text>
                    </span>
                  </UnstyledButton>
                ))}
            </Stack>
          </section>
        ))}
      </nav>
      {current && (
        <Stack gap="xs">
          <Group justify="space-between">
            <div>
              <Title order={3} size="h5">
                {current.label}
              </Title>
              <Text size="sm">{current.description}</Text>
            </div>
            <Button onClick={() => onAdd(current.type)}>Add {current.label}</Button>
          </Group>
          <iframe
            key={current.type}
            className={classes.palettePreview}
            title={`${current.label}, rendered from its example`}
            src={`${workspace.blockPreview}?type=${encodeURIComponent(current.type)}`}
            loading="lazy"
          />
        </Stack>
      )}
    </div>
  );
}
