import { Container, Group, Text, Title } from '@mantine/core';
import { StatList } from '../../ui/StatList/StatList';
import { ActionButton } from '../../widgets/PanelButton/ActionButton';
import type { CallToActionBlock } from './schema';
import classes from './CallToAction.module.css';

/** The band is dark: every button but the inverse one (white, brand text) is drawn in white. */
const ON_DARK_BAND = { color: 'white' } as const;

export function CallToAction({ id, heading, text, buttons, stats }: CallToActionBlock) {
  return (
    <section id={id} className={classes.band}>
      <Container size="md" ta="center">
        <Title order={2} className={classes.title}>
          {heading}
        </Title>
        {text && (
          <Text size="lg" mt="md" className={classes.text}>
            {text}
          </Text>
        )}
        <Group justify="center" mt="xl">
          {buttons.map((button, i) => {
            const variant = button.variant ?? (i === 0 ? 'inverse' : 'outline');
            return (
              <ActionButton
                key={button.href + button.label}
                action={button}
                size="lg"
                radius="xl"
                variant={variant}
                {...(variant === 'inverse' ? {} : ON_DARK_BAND)}
              />
            );
          })}
        </Group>
        {stats && <StatList stats={stats} tone="inverse" cols={{ base: 2, sm: stats.length }} className={classes.stats} />}
      </Container>
    </section>
  );
}
