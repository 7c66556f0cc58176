import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { CheckList } from '../../ui/CheckList/CheckList';
import { Icon } from '../../ui/icons';
import { Section } from '../../ui/Section';
import type { FeatureColumnsBlock } from './schema';
import classes from './FeatureColumns.module.css';

export function FeatureColumns({ id, eyebrow, heading, intro, tinted, columns, shared }: FeatureColumnsBlock) {
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <SimpleGrid component="ul" cols={{ base: 1, md: columns.length }} spacing="lg" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {columns.map((column) => (
          <Card key={column.title} component="li" withBorder radius="lg" padding="xl">
            {column.icon && (
              <ThemeIcon size={48} radius="md" mb="md">
                <Icon name={column.icon} size={26} />
              </ThemeIcon>
            )}
            <Title order={3} size="h3" mb="xs">
              {column.title}
            </Title>
            <Text c="gray.7">{column.description}</Text>
            {column.points && <CheckList items={column.points} className={classes.points} />}
          </Card>
        ))}
      </SimpleGrid>
      {shared && (
        <div className={classes.shared}>
          <Title order={3} size="h4" ta="center" mb="lg">
            {shared.heading}
          </Title>
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2, lg: Math.min(shared.features.length, 5) }}
            spacing="lg"
            className={classes.features}
          >
            {shared.features.map((feature) => (
              <li key={feature.title} className={classes.feature}>
                {feature.icon && (
                  <ThemeIcon size={36} radius="md" variant="white">
                    <Icon name={feature.icon} size={20} />
                  </ThemeIcon>
                )}
                <div>
                  <Title order={4} size="h6" mb={4}>
                    {feature.title}
                  </Title>
                  <Text size="sm" c="gray.7">
                    {feature.description}
                  </Text>
                </div>
              </li>
            ))}
          </SimpleGrid>
        </div>
      )}
    </Section>
  );
}
