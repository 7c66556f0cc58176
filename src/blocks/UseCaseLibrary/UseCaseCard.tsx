import { Anchor, Badge, Card, Group, Text, Title } from '@mantine/core';
import type { PictureData } from '../../lib/picture-data';
import { Picture } from '../../ui/Picture/Picture';
import { SiteLink } from '../../ui/SiteLink';
import { searchText } from '../../widgets/filters/library-entries';
import type { LibraryItem, UseCaseLibraryBlock } from './schema';
import classes from './UseCaseLibrary.module.css';

interface UseCaseCardProps {
  item: LibraryItem;
  labels: UseCaseLibraryBlock['labels'];
  /** Names of fixed values in the page's language (the site configuration's valueNames). */
  valueNames: Record<string, string>;
  /** The picture of its lifecycle stage, if the library has one. */
  picture?: PictureData;
}

/**
 * One use case: title (linked to its landing page when it has one), description, impact, time to value, channels.
 */
export function UseCaseCard({ item, labels, valueNames, picture }: UseCaseCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.card}>
      {picture && (
        <Card.Section mb="md">
          <Picture image={picture} />
        </Card.Section>
      )}
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" mb="xs">
        <Title order={3} size="h5" {...searchText}>
          {item.href ? (
            <Anchor component={SiteLink} href={item.href} inherit>
              {item.title}
            </Anchor>
          ) : (
            item.title
          )}
        </Title>
        {item.highlight && (
          <Badge variant="filled" size="sm" className={classes.popular}>
            {labels.popular}
          </Badge>
        )}
      </Group>
      <Text c="gray.7" size="sm" className={classes.description} {...searchText}>
        {item.description}
      </Text>
      <dl className={classes.facts}>
        <div>
          <dt>{labels.impact}</dt>
          <dd>{item.impact}</dd>
        </div>
        <div>
          <dt>{labels.timeToValue}</dt>
          <dd>{item.timeToValue}</dd>
        </div>
      </dl>
      <Group component="ul" gap={6} aria-label={labels.channels} className={classes.channels}>
        {item.channels.map((channel) => (
          <Badge key={channel} component="li" variant="light" color="gray" c="gray.9" tt="none">
            {valueNames[channel] ?? channel}
          </Badge>
        ))}
      </Group>
    </Card>
  );
}
