import { Button, Container, Group, Text, Title } from '@mantine/core';
import { Island } from '../../hydration/Island';
import { SiteLink } from '../../ui/SiteLink';
import { StatList } from '../../ui/StatList/StatList';
import type { HowItWorksButtonProps } from '../../widgets/VideoDialog/HowItWorksButton';
import type { CallToActionBlock } from './schema';
import classes from './CallToAction.module.css';

export function CallToAction({ id, heading, text, buttons, videoButton, stats }: CallToActionBlock) {
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
            <Button
              key={b.href + b.label}
              component={SiteLink}
              href={b.href}
              size="lg"
              radius="xl"
              variant={b.variant ?? (i === 0 ? 'white' : 'outline')}
              color={i === 0 ? 'brand.9' : 'white'}
            >
              {b.label}
            </Button>
          ))}
          {videoButton && (
            <Island<HowItWorksButtonProps>
              name="HowItWorksButton"
              hydrate="interaction"
              props={{ label: videoButton.label, size: 'lg', radius: 'xl', variant: 'outline', color: 'white' }}
            />
          )}
        </Group>
        {stats && <StatList stats={stats} tone="inverse" cols={{ base: 2, sm: stats.length }} className={classes.stats} />}
      </Container>
    </section>
  );
}
