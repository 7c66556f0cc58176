import { Badge, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { CheckList } from '../../ui/CheckList/CheckList';
import type { PictureData } from '../../lib/picture-data';
import { Icon } from '../../ui/icons';
import { Picture } from '../../ui/Picture/Picture';
import { Section } from '../../ui/Section';
import { ActionButton } from '../../widgets/PanelButton/ActionButton';
import type { SplitOptionsBlock } from './schema';
import classes from './SplitOptions.module.css';

export function SplitOptions({
  id,
  eyebrow,
  heading,
  intro,
  tinted,
  options,
  pictures = [],
}: SplitOptionsBlock & { pictures?: (PictureData | undefined)[] }) {
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <SimpleGrid component="ul" cols={{ base: 1, md: options.length }} spacing="lg" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {options.map((option, index) => (
          <Card key={option.title} component="li" withBorder radius="lg" padding="xl" className={classes.option}>
            {pictures[index] && (
              <Card.Section mb="md">
                <Picture image={pictures[index]} />
              </Card.Section>
            )}
            <Group gap="sm" mb="md">
              {option.icon && (
                <ThemeIcon size={48} radius="md" variant="light">
                  <Icon name={option.icon} size={26} />
                </ThemeIcon>
              )}
              {option.badge && (
                <Badge variant="light" size="lg" tt="none">
                  {option.badge}
                </Badge>
              )}
            </Group>
            <Title order={3} mb="xs">
              {option.title}
            </Title>
            <Text c="gray.7">{option.description}</Text>
            {option.points && <CheckList items={option.points} size="md" className={classes.points} />}
            {option.button && (
              <div className={classes.action}>
                <ActionButton
                  action={option.button}
                  radius="xl"
                  size="md"
                  variant={option.button.variant ?? (index === 0 ? 'default' : 'outline')}
                />
              </div>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}
