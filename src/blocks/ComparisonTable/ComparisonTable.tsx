import { Group, Table, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Icon } from '../../ui/icons';
import { Section } from '../../ui/Section';
import type { ComparisonTableBlock } from './schema';
import classes from './ComparisonTable.module.css';

type Side = ComparisonTableBlock['rows'][number]['product'];

/**
 * One side of a row: its column's name (shown on phones only, where the column headings are not; hidden
 * from screen readers, which announce the column header), then a yes/no mark, whose icon is decorative
 * and whose hidden word is what screen readers announce, and the description.
 */
function SideCell({ side, column, marks }: { side: Side; column: string; marks: ComparisonTableBlock['marks'] }) {
  return (
    <>
      <span aria-hidden="true" className={classes.sideLabel}>
        {column}
      </span>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={28} radius="xl" variant="light" color={side.available ? 'green' : 'red'} className={classes.mark}>
          <Icon name={side.available ? 'check' : 'x'} size={18} />
        </ThemeIcon>
        <div className={classes.description}>
          <VisuallyHidden>{side.available ? marks.yes : marks.no}: </VisuallyHidden>
          <Text size="sm" c="gray.8">
            {side.description}
          </Text>
        </div>
      </Group>
    </>
  );
}

/**
 * A real table on wide screens; below the mobile breakpoint each row is a card (the feature, then each
 * side under its column's name), laid out by CSS alone. Changing `display` on table elements can drop
 * their table semantics in browsers, so every part states its role: screen readers get the same table
 * (rows, column headers, row headers, cells) at every width.
 */
export function ComparisonTable({ id, eyebrow, heading, intro, tinted, columns, marks, rows }: ComparisonTableBlock) {
  const captionId = useId();
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <div className={classes.frame}>
        <Table role="table" aria-labelledby={captionId} verticalSpacing="md" horizontalSpacing="md" className={classes.table}>
          <VisuallyHidden component="caption" id={captionId}>
            {heading ?? `${columns.product} / ${columns.competitor}`}
          </VisuallyHidden>
          <Table.Thead role="rowgroup" className={classes.head}>
            <Table.Tr role="row">
              <Table.Th scope="col" role="columnheader" className={classes.featureCol}>
                {columns.feature}
              </Table.Th>
              <Table.Th scope="col" role="columnheader" className={classes.productHead}>
                {columns.product}
              </Table.Th>
              <Table.Th scope="col" role="columnheader">
                {columns.competitor}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody role="rowgroup" className={classes.body}>
            {rows.map((row) => (
              <Table.Tr key={row.feature} role="row" className={classes.row}>
                <Table.Th scope="row" role="rowheader" className={classes.featureCol}>
                  {row.feature}
                </Table.Th>
                <Table.Td role="cell" className={classes.productCell}>
                  <SideCell side={row.product} column={columns.product} marks={marks} />
                </Table.Td>
                <Table.Td role="cell" className={classes.competitorCell}>
                  <SideCell side={row.competitor} column={columns.competitor} marks={marks} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Section>
  );
}
