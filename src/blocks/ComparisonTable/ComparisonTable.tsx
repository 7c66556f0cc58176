import { Group, Table, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Icon } from '../../ui/icons';
import { Section } from '../../ui/Section';
import type { ComparisonTableBlock } from './schema';
import classes from './ComparisonTable.module.css';

type Side = ComparisonTableBlock['rows'][number]['product'];

/** A yes/no mark: the icon is decorative, the hidden word is what screen readers announce. */
function SideCell({ side, marks }: { side: Side; marks: ComparisonTableBlock['marks'] }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size={28} radius="xl" variant="light" color={side.available ? 'green' : 'red'} className={classes.mark}>
        <Icon name={side.available ? 'check' : 'x'} size={18} />
      </ThemeIcon>
      <div>
        <VisuallyHidden>{side.available ? marks.yes : marks.no}: </VisuallyHidden>
        <Text size="sm" c="gray.8">
          {side.description}
        </Text>
      </div>
    </Group>
  );
}

export function ComparisonTable({ id, eyebrow, heading, intro, tinted, columns, marks, rows }: ComparisonTableBlock) {
  const captionId = useId();
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      {/* Narrow screens scroll the table sideways; the region is focusable so keyboard users can scroll it too. */}
      <Table.ScrollContainer
        minWidth={640}
        type="native"
        tabIndex={0}
        role="region"
        aria-labelledby={captionId}
        className={classes.scroller}
      >
        <Table verticalSpacing="md" horizontalSpacing="md" className={classes.table}>
          <VisuallyHidden component="caption" id={captionId}>
            {heading ?? `${columns.product} / ${columns.competitor}`}
          </VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" className={classes.featureCol}>
                {columns.feature}
              </Table.Th>
              <Table.Th scope="col" className={classes.productHead}>
                {columns.product}
              </Table.Th>
              <Table.Th scope="col">{columns.competitor}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.feature}>
                <Table.Th scope="row" className={classes.featureCol}>
                  {row.feature}
                </Table.Th>
                <Table.Td className={classes.productCell}>
                  <SideCell side={row.product} marks={marks} />
                </Table.Td>
                <Table.Td>
                  <SideCell side={row.competitor} marks={marks} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}
