import { Container, Text, Title } from '@mantine/core';
import { Icon } from '../../ui/icons';
import type { LogoStripBlock } from './schema';
import classes from './LogoStrip.module.css';

/** Integration names rendered as text wordmarks: no third-party logos or trademarks. */
export function LogoStrip({ id, heading, items, note }: LogoStripBlock) {
  return (
    <section id={id} className={classes.strip}>
      <Container size="lg">
        <Title order={2} size="h6" className={classes.heading}>
          {heading}
        </Title>
        <ul className={classes.list}>
          {items.map((item) => (
            <li key={item.name} className={classes.item}>
              {item.icon && <Icon name={item.icon} size={22} />}
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
