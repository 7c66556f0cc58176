import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Section } from '../../ui/Section';
import type { CostComparisonBlock, CostFigures } from './schema';
import classes from './CostComparison.module.css';

type Side = CostComparisonBlock['alternative'];

/** One side as a description list: each line's label (dt) and figure (dd), then the total. */
function SideCard({ side, figures, emphasis }: { side: Side; figures: CostFigures['product']; emphasis: boolean }) {
  return (
    <Card withBorder radius="lg" padding="xl" className={emphasis ? `${classes.side} ${classes.product}` : classes.side}>
      <Title order={3} size="h4" mb="md">
        {side.heading}
      </Title>
      <dl className={classes.lines}>
        {side.lines.map((line, index) => (
          <div key={line.label} className={classes.line}>
            <dt>
              <Text span fw={600}>
                {line.label}
              </Text>
              {line.note && (
                <Text size="sm" c="gray.7">
                  {line.note}
                </Text>
              )}
            </dt>
            <dd className={classes.amount}>{figures.lines[index]}</dd>
          </div>
        ))}
        {side.total && figures.total && (
          <div className={`${classes.line} ${classes.total}`}>
            <dt>
              {side.total.label}
              {side.total.note && (
                <Text size="sm" fw={400} c="gray.7">
                  {side.total.note}
                </Text>
              )}
            </dt>
            <dd className={classes.amount}>{figures.total}</dd>
          </div>
        )}
      </dl>
    </Card>
  );
}

export function CostComparison({
  id,
  eyebrow,
  heading,
  intro,
  tinted,
  alternative,
  product,
  saving,
  figures,
}: CostComparisonBlock & { figures: CostFigures }) {
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SideCard side={alternative} figures={figures.alternative} emphasis={false} />
        <SideCard side={product} figures={figures.product} emphasis />
      </SimpleGrid>
      {saving && figures.saving && (
        <dl className={classes.saving}>
          <dt>{saving.label}</dt>
          <dd>{figures.saving}</dd>
        </dl>
      )}
    </Section>
  );
}
