import { Button, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Island } from '../../hydration/Island';
import { SiteLink } from '../../ui/SiteLink';
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
            <Button key={b.href + b.label} component={SiteLink} href={b.href} size="lg" radius="xl"
              variant={b.variant ?? (i === 0 ? 'white' : 'outline')} color={i === 0 ? 'brand.9' : 'white'}>
              {b.label}
            </Button>
          ))}
          {videoButton && (
            <Island<HowItWorksButtonProps> name="HowItWorksButton" hydrate="interaction"
              props={{ label: videoButton.label, size: 'lg', radius: 'xl', variant: 'outline', color: 'white' }} />
          )}
        </Group>
        {stats && (
          <SimpleGrid component="dl" cols={{ base: 2, sm: stats.length }} spacing="md" mt={48} className={classes.stats}>
            {stats.map((stat) => (
              <div key={stat.label} className={classes.stat}>
                <Text component="dt" className={classes.statLabel}>
                  {stat.label}
                </Text>
                <Text component="dd" className={classes.statValue}>
                  {stat.value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        )}
      </Container>
    </section>
  );
}
