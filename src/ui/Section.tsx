import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './Section.module.css';

interface SectionProps {
  id?: string;
  eyebrow?: string;
  heading?: string;
  intro?: string;
  /** Alternate background, to separate neighbouring sections. */
  tinted?: boolean;
  children: ReactNode;
}

/** The frame every section block sits in: anchor, spacing, optional heading. */
export function Section({ id, eyebrow, heading, intro, tinted, children }: SectionProps) {
  return (
    <section id={id} className={tinted ? `${classes.section} ${classes.tinted}` : classes.section}>
      <Container size="lg">
        {(eyebrow || heading || intro) && (
          <Stack gap="xs" align="center" ta="center" mb="xl" className={classes.heading}>
            {eyebrow && (
              <Text c="brand.8" fw={600} tt="uppercase" size="sm">
                {eyebrow}
              </Text>
            )}
            {heading && (
              <Title order={2} className={classes.title}>
                {heading}
              </Title>
            )}
            {intro && (
              <Text size="lg" c="gray.7" maw={720}>
                {intro}
              </Text>
            )}
          </Stack>
        )}
        {children}
      </Container>
    </section>
  );
}
