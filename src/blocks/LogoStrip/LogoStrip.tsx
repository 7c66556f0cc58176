import { Container, Text, Title } from '@mantine/core';
import type { PictureData } from '../../lib/picture-data';
import { Icon } from '../../ui/icons';
import { Picture } from '../../ui/Picture/Picture';
import type { LogoStripBlock } from './schema';
import classes from './LogoStrip.module.css';

/** Integration names rendered as text wordmarks: no third-party logos or trademarks. */
export function LogoStrip({ id, heading, items, note, marks = [] }: LogoStripBlock & { marks?: (PictureData | undefined)[] }) {
  return (
    <section id={id} className={classes.strip}>
      <Container size="lg">
        <Title order={2} size="h6" className={classes.heading}>
          {heading}
        </Title>
        <ul className={classes.list}>
          {items.map((item, index) => (
            <li key={item.name} className={classes.item}>
              {marks[index] ? <Picture image={marks[index]} className={classes.mark} /> : item.icon && <Icon name={item.icon} size={22} />}
              {item.name}
            </li>
          ))}
        </ul>
        {note && (
          <Text size="sm" c="gray.7" className={classes.note}>
            {note}
          </Text>
        )}
      </Container>
    </section>
  );
}
