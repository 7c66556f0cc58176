import { Anchor, Badge, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import type { PictureData } from '../../lib/picture-data';
import { Icon } from '../../ui/icons';
import { Picture } from '../../ui/Picture/Picture';
import { Section } from '../../ui/Section';
import { SiteLink } from '../../ui/SiteLink';
import type { CardGridBlock } from './schema';

export function CardGrid({
  id,
  eyebrow,
  heading,
  intro,
  columns = 3,
  tinted,
  cards,
  pictures = [],
}: CardGridBlock & { pictures?: (PictureData | undefined)[] }) {
  return (
    <Section id={id} eyebrow={eyebrow} heading={heading} intro={intro} tinted={tinted}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: columns }} spacing="lg" component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {cards.map((card, index) => (
          <Card key={card.title} component="li" withBorder radius="lg" padding="lg">
            {pictures[index] && (
              <Card.Section mb="md">
                <Picture image={pictures[index]} />
              </Card.Section>
            )}
            {/* The icon tile and the badge share a row, a gap apart (wrapping under each other when the card is narrow). */}
            {(card.icon || card.badge) && (
              <Group gap="sm" mb={card.icon ? 'md' : 'xs'}>
                {card.icon && (
                  <ThemeIcon size={44} radius="md" variant="light">
                    <Icon name={card.icon} />
                  </ThemeIcon>
                )}
                {card.badge && <Badge variant="light">{card.badge}</Badge>}
              </Group>
            )}
            <Title order={3} size="h4" mb="xs">
              {card.href ? (
                <Anchor component={SiteLink} href={card.href} inherit>
                  {card.title}
                </Anchor>
              ) : (
                card.title
              )}
            </Title>
            <Text c="gray.7">{card.description}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}
