import { SimpleGrid, Text } from '@mantine/core';
import { Section } from '../../ui/Section';
import type { StatBandBlock } from './schema';
import classes from './StatBand.module.css';

export function StatBand({ id, eyebrow, heading, intro, tinted, stats }: StatBandBlock) {
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <SimpleGrid cols={{ base: 2, md: Math.min(stats.length, 4) }} spacing="lg" component="dl" className={classes.grid}>
        {stats.map((stat) => (
          <div key={stat.label} className={classes.stat}>
            <Text component="dt" className={classes.label}>
              {stat.label}
            </Text>
            <Text component="dd" className={classes.value}>
              {stat.value}
            </Text>
            {stat.description && (
              <Text component="dd" size="sm" c="gray.7" className={classes.description}>
                {stat.description}
              </Text>
            )}
          </div>
        ))}
      </SimpleGrid>
    </Section>
  );
}
