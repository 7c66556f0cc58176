import { SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';
import classes from './StatList.module.css';

interface Stat {
  value: string;
  label: string;
  description?: string;
}

interface StatListProps {
  stats: Stat[];
  /** card: white tiles (stat bands); tint: brand-tinted tiles (guardrail metrics); inverse: on a dark brand band. */
  tone: 'card' | 'tint' | 'inverse';
  cols: SimpleGridProps['cols'];
  className?: string;
}

/** Headline figures as a description list: the label is the term (read first), the figure shows first. */
export function StatList({ stats, tone, cols, className }: StatListProps) {
  return (
    <SimpleGrid
      component="dl"
      cols={cols}
      spacing="md"
      className={className ? `${classes.list} ${className}` : classes.list}
      data-tone={tone}
    >
      {stats.map((stat) => (
        <div key={stat.label} className={classes.stat}>
          <Text component="dt" className={classes.label}>
            {stat.label}
          </Text>
          <Text component="dd" className={classes.value}>
            {stat.value}
          </Text>
          {stat.description && (
            <Text component="dd" size="sm" className={classes.description}>
              {stat.description}
            </Text>
          )}
        </div>
      ))}
    </SimpleGrid>
  );
}
