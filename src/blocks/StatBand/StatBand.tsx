import { Section } from '../../ui/Section';
import { StatList } from '../../ui/StatList/StatList';
import type { StatBandBlock } from './schema';

export function StatBand({ id, eyebrow, heading, intro, tinted, stats }: StatBandBlock) {
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <StatList stats={stats} tone="card" cols={{ base: 2, md: Math.min(stats.length, 4) }} />
    </Section>
  );
}
