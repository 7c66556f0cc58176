import { Container, Group, Text, Title } from '@mantine/core';
import { StatList } from '../../ui/StatList/StatList';
import { ActionButton } from '../../widgets/PanelButton/ActionButton';
import type { CallToActionBlock } from './schema';
import classes from './CallToAction.module.css';

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
          {buttons.map((button, i) => (
            <ActionButton
              key={button.href + button.label}
              action={button}
              size="lg"
              radius="xl"
              variant={button.variant ?? (i === 0 ? 'white' : 'outline')}
              color={i === 0 ? 'brand.9' : 'white'}
            />
          ))}
        </Group>
        {stats && <StatList stats={stats} tone="inverse" cols={{ base: 2, sm: stats.length }} className={classes.stats} />}
      </Container>
    </section>
  );
}
