/**
 * A page of a change set before and after, rendered by the server as the site would show it: side by side on a wide
 * screen, one above the other on a phone. A document shown on several pages offers each.
 */
import { Group, SegmentedControl, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import classes from '../views/editor.module.css';
import { hubLinks } from './hub-api';

export function PageComparison({ changeSet, routes, title }: { changeSet: string; routes: string[]; title: string }) {
  const [route, setRoute] = useState(routes[0]);
  return (
    <div>
      {routes.length > 1 && (
        <Group gap="xs" my="xs">
          <Text size="sm">Page:</Text>
          <SegmentedControl size="xs" data={routes} value={route} onChange={setRoute} aria-label={`Page to compare for ${title}`} />
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} mt="xs">
        {(['before', 'after'] as const).map((side) => (
          <figure key={side} className={classes.comparison}>
            <figcaption>
              <Text size="sm" fw={600}>
                {side === 'before' ? 'Published now' : 'With this change set'} ({route})
              </Text>
            </figcaption>
            <iframe
              title={`${title} ${route}, ${side === 'before' ? 'published now' : 'with this change set'}`}
              src={hubLinks.comparison(changeSet, route, side)}
              loading="lazy"
            />
          </figure>
        ))}
      </SimpleGrid>
    </div>
  );
}
