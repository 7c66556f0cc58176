import { SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Section } from '../../ui/Section';
import type { ChecklistBlock } from './schema';
import classes from './Checklist.module.css';

export function Checklist({ id, eyebrow, heading, intro, columns = 1, tinted, items }: ChecklistBlock) {
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: columns }}
        spacing="xl"
        verticalSpacing="md"
        className={columns === 2 ? `${classes.list} ${classes.wide}` : classes.list}
      >
        {items.map((item) => (
          <li key={item} className={classes.item}>
            <ThemeIcon size={26} radius="xl" variant="light" className={classes.mark}>
              <IconCheck size={16} stroke={2.5} aria-hidden />
            </ThemeIcon>
            <Text size="lg">{item}</Text>
          </li>
        ))}
      </SimpleGrid>
    </Section>
  );
}
