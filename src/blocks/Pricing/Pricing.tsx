import { SimpleGrid, Text } from '@mantine/core';
import { useIntersection, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Section } from '../../ui/Section';
import { PlanCard } from './PlanCard';
import type { PricingBlock } from './schema';
import classes from './Pricing.module.css';

/**
 * Loaded only on phones, when the section comes near the screen: the carousel stays out of
 * desktop visitors' downloads and out of everyone's first load (the plans are far down the page).
 */
const PricingCarousel = lazy(() => import('./PricingCarousel'));

/** The spec's mobile breakpoint: below 768 px. */
const PHONE_QUERY = '(max-width: 767.98px)';
/** How close (px) the section must come to the viewport for the carousel to load. */
const NEAR_SCREEN: IntersectionObserverInit = { rootMargin: '600px 0px' };

/** True once the observed element has come near the screen; it stays true. */
function useHasBeenNearScreen() {
  const { ref, entry } = useIntersection(NEAR_SCREEN);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (entry?.isIntersecting) setNear(true);
  }, [entry?.isIntersecting]);
  return { ref, near };
}

export function Pricing({ id, eyebrow, heading, intro, tinted, popularLabel, plans, footnote, carousel }: PricingBlock) {
  // False on the server and during hydration, so the prerendered grid (plans readable without JavaScript) hydrates as is.
  const isPhone = useMediaQuery(PHONE_QUERY);
  const { ref, near } = useHasBeenNearScreen();

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
      <div ref={ref}>
        {isPhone && near ? (
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
