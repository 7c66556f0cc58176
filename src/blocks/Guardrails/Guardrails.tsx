import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { CheckList } from '../../ui/CheckList/CheckList';
import { Section } from '../../ui/Section';
import { StatList } from '../../ui/StatList/StatList';
import type { GuardrailsBlock } from './schema';
import classes from './Guardrails.module.css';

export function Guardrails({ id, eyebrow, heading, intro, tinted, metrics, stepsHeading, steps, sample }: GuardrailsBlock) {
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <StatList stats={metrics} tone="tint" cols={{ base: 2, md: Math.min(metrics.length, 4) }} className={classes.metrics} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <div>
          <Title order={3} mb="lg">
            {stepsHeading}
          </Title>
          <ol className={classes.steps}>
            {steps.map((step) => (
              <li key={step.title} className={classes.step}>
                <span className={classes.number} aria-hidden />
                <div>
                  <Title order={4} size="h5" mb={4}>
                    {step.title}
                  </Title>
                  <Text c="gray.7">{step.description}</Text>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <Card withBorder radius="lg" padding="xl" shadow="sm" className={classes.sample}>
          <Title order={3} mb={4}>
            {sample.heading}
          </Title>
          {sample.context && (
            <Text c="gray.7" size="sm" mb="lg">
              {sample.context}
            </Text>
          )}
          <dl style={{ margin: 0 }}>
            <Text component="dt" fw={600}>
              {sample.scoreLabel}
            </Text>
            <Text component="dd" m={0} className={classes.score}>
              {sample.score}
            </Text>
          </dl>
          <CheckList items={sample.checks} tone="success" size="md" className={classes.checks} />
        </Card>
      </SimpleGrid>
    </Section>
  );
}
