import { SimpleGrid, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { MOBILE_MEDIA_QUERY } from '../../theme/breakpoints';
import { Section } from '../../ui/Section';
import { PlanCard } from './PlanCard';
import type { PricingBlock, PricingData } from './schema';
import classes from './Pricing.module.css';

/**
 * Loaded only on phones: the carousel stays out of desktop visitors' downloads. The block is an
 * island that hydrates as it nears the screen, so on phones the carousel loads then too.
 */
const PricingCarousel = lazy(() => import('./PricingCarousel'));

export function Pricing({ id, eyebrow, heading, intro, tinted, popularLabel, plans, footnote, carousel }: PricingBlock & PricingData) {
  // False on the server and during hydration, so the prerendered grid (plans readable without JavaScript) hydrates as is.
  const isPhone = useMediaQuery(MOBILE_MEDIA_QUERY);

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
      <div>
        {isPhone ? (
          <Suspense fallback={grid}>
            <PricingCarousel plans={plans} popularLabel={popularLabel} label={carousel.label} dotsLabel={carousel.dotsLabel} />
          </Suspense>
        ) : (
          grid
        )}
      </div>
      {footnote && (
        <Text c="gray.7" className={classes.footnote}>
          {footnote}
        </Text>
      )}
    </Section>
  );
}
