import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { UnstyledButton } from '@mantine/core';
import type { EmblaCarouselType } from 'embla-carousel';
import { useState } from 'react';
import { PlanCard } from './PlanCard';
import type { PricingPlan } from './schema';
import classes from './PricingCarousel.module.css';

interface Props {
  plans: PricingPlan[];
  popularLabel: string;
  label: string;
  dotsLabel: string;
}

/**
 * The phone layout of the plans: one card at a time, starting on the popular plan.
 * Our own dots replace Mantine's indicators, which are tabs without tab panels and
 * carry fixed English names; ours are buttons named after their plan.
 */
export default function PricingCarousel({ plans, popularLabel, label, dotsLabel }: Props) {
  const startIndex = Math.max(
    0,
    plans.findIndex((plan) => plan.popular),
  );
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(startIndex);

  return (
    <>
      <Carousel
        aria-label={label}
        initialSlide={startIndex}
        slideSize="88%"
        slideGap="md"
        withControls={false}
        emblaOptions={{ align: 'center' }}
        getEmblaApi={setEmbla}
        onSlideChange={setSelected}
      >
        {plans.map((plan) => (
          <Carousel.Slide key={plan.name} aria-label={plan.name} className={classes.slide}>
            <PlanCard plan={plan} popularLabel={popularLabel} />
          </Carousel.Slide>
        ))}
      </Carousel>
      <div role="group" aria-label={dotsLabel} className={classes.dots}>
        {plans.map((plan, index) => (
          <UnstyledButton
            key={plan.name}
            className={classes.dot}
            aria-label={plan.name}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => embla?.scrollTo(index)}
          />
        ))}
      </div>
    </>
  );
}
