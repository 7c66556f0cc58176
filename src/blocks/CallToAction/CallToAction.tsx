import { Button, Container, Group, Text, Title } from '@mantine/core';
import { SiteLink } from '../../ui/SiteLink';
import type { CallToActionBlock } from './schema';
import classes from './CallToAction.module.css';

export function CallToAction({ id, heading, text, buttons }: CallToActionBlock) {
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
          {buttons.map((b, i) => (
            <Button key={b.href + b.label} component={SiteLink} href={b.href} size="lg" radius="xl"
              variant={b.variant ?? (i === 0 ? 'white' : 'outline')} color={i === 0 ? 'brand.9' : 'white'}>
              {b.label}
            </Button>
          ))}
        </Group>
      </Container>
    </section>
  );
}
