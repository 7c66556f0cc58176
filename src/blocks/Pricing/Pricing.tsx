import { SimpleGrid, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Section } from '../../ui/Section';
import { PlanCard } from './PlanCard';
import type { PricingBlock } from './schema';
import classes from './Pricing.module.css';

/** Loaded only on phones, after hydration: the carousel and its stylesheet stay out of desktop visitors' first load. */
const PricingCarousel = lazy(() => import('./PricingCarousel'));

/** The spec's mobile breakpoint: below 768 px. */
const PHONE_QUERY = '(max-width: 767.98px)';

export function Pricing({ id, eyebrow, heading, intro, tinted, popularLabel, plans, footnote, carousel }: PricingBlock) {
  // False on the server and during hydration, so the prerendered grid (plans readable without JavaScript) hydrates as is.
  const isPhone = useMediaQuery(PHONE_QUERY);

  const grid = (
    <SimpleGrid component="ul" cols={{ base: 1, sm: plans.length }} spacing={{ base: 'xl', sm: 'md', md: 'lg' }} className={classes.grid}>
      {plans.map((plan) => (
        <li key={plan.name}>
          <PlanCard plan={plan} popularLabel={popularLabel} />
        </li>
      ))}
    </SimpleGrid>
  );

  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      {isPhone ? (
        <Suspense fallback={grid}>
          <PricingCarousel plans={plans} popularLabel={popularLabel} label={carousel.label} dotsLabel={carousel.dotsLabel} />
        </Suspense>
      ) : (
        grid
      )}
      {footnote && (
        <Text c="gray.7" className={classes.footnote}>
          {footnote}
        </Text>
      )}
    </Section>
  );
}
