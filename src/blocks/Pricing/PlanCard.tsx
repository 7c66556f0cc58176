import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { CheckList } from '../../ui/CheckList/CheckList';
import { SiteLink } from '../../ui/SiteLink';
import type { PricingPlan } from './schema';
import classes from './Pricing.module.css';

/** One plan; shared by the wide-screen grid and the phone carousel. */
export function PlanCard({ plan, popularLabel }: { plan: PricingPlan; popularLabel: string }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      pt={plan.popular ? 36 : undefined}
      className={plan.popular ? `${classes.card} ${classes.popular}` : classes.card}
    >
      {plan.popular && (
        <Badge size="lg" variant="filled" className={classes.badge}>
          {popularLabel}
        </Badge>
      )}
      <Title order={3}>{plan.name}</Title>
      <Text c="gray.7" mt="xs">
        {plan.description}
      </Text>
      <Group gap={4} align="baseline" my="lg">
        <Text component="span" className={classes.amount}>
          {plan.price}
        </Text>
        {plan.period && (
          <Text component="span" c="gray.7" fw={500}>
            {plan.period}
          </Text>
        )}
      </Group>
      <Button component={SiteLink} href={plan.ctaUrl} radius="xl" size="md" fullWidth variant={plan.popular ? 'filled' : 'outline'}>
        {plan.cta}
      </Button>
      <CheckList items={plan.features} className={classes.features} />
    </Card>
  );
}
