import { SimpleGrid, Text, Title } from '@mantine/core';
import type { PictureData } from '../../lib/picture-data';
import { Icon } from '../../ui/icons';
import { Picture } from '../../ui/Picture/Picture';
import { Section } from '../../ui/Section';
import type { StepsBlock } from './schema';
import classes from './Steps.module.css';

export function Steps({
  id,
  eyebrow,
  heading,
  intro,
  tinted,
  steps,
  pictures = [],
}: StepsBlock & { pictures?: (PictureData | undefined)[] }) {
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      {/* An ordered list already tells assistive technology the step numbers; the visible digits are decorative. */}
      <SimpleGrid
        component="ol"
        cols={{ base: 1, sm: Math.min(steps.length, 2), md: Math.min(steps.length, 4) }}
        spacing="lg"
        className={classes.list}
      >
        {steps.map((step, index) => (
          <li key={step.title} className={classes.step}>
            {pictures[index] && <Picture image={pictures[index]} className={classes.image} />}
            <div className={classes.top}>
              <span className={classes.number} aria-hidden />
              {step.icon && (
                <span className={classes.icon}>
                  <Icon name={step.icon} size={26} />
                </span>
              )}
            </div>
            <Title order={3} size="h4" mb="xs">
              {step.title}
            </Title>
            <Text c="gray.7">{step.description}</Text>
          </li>
        ))}
      </SimpleGrid>
    </Section>
  );
}
