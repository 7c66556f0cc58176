import { Badge, Container, Group, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { ActionButton } from '../../widgets/PanelButton/ActionButton';
import type { HeroBlock } from './schema';
import classes from './Hero.module.css';

export function Hero({ id, badge, heading, subheading, buttons, highlights }: HeroBlock) {
  return (
    <section id={id} className={classes.hero}>
      <Container size="md" ta="center">
        {badge && (
          <Badge size="lg" variant="light" mb="md" className={classes.badge}>
            {badge}
          </Badge>
        )}
        <Title order={1} className={classes.title}>
          {heading}
        </Title>
        {subheading && (
          <Text size="xl" c="gray.7" mt="lg" className={classes.sub}>
            {subheading}
          </Text>
        )}
        {buttons && buttons.length > 0 && (
          <Group justify="center" mt="xl" gap="md">
            {buttons.map((button, i) => (
              <ActionButton
                key={button.href + button.label}
                action={button}
                size="lg"
                radius="xl"
                variant={button.variant ?? (i === 0 ? 'default' : 'outline')}
              />
            ))}
          </Group>
        )}
        {highlights && highlights.length > 0 && (
          <Group justify="center" mt="lg" gap="lg" component="ul" className={classes.highlights}>
            {highlights.map((h) => (
              <li key={h}>
                <IconCheck size={16} aria-hidden /> {h}
              </li>
            ))}
          </Group>
        )}
      </Container>
    </section>
  );
}
