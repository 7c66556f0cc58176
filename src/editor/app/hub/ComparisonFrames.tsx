/**
 * One page of a change set before and after, rendered by the server at a real width (a desktop's 1,280 px or a
 * phone's 375 px) and scaled down to fit: side by side, or one above the other on a narrow screen. Once both have
 * loaded, both are scrolled to the first section that differs, marked, and kept in step (frame-sync.ts).
 */
import { SimpleGrid, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { AffectedPage } from '../../hosted-protocol';
import classes from '../views/editor.module.css';
import { keepInStep, showFirstChange } from './frame-sync';
import { hubLinks } from './hub-api';

/** The height of the site's window shown, in its own pixels, per width. */
const VIEW_HEIGHT: Record<number, number> = { 1280: 800, 375: 700 };
const SIDES = ['before', 'after'] as const;

export function ComparisonFrames({ changeSet, page, width }: { changeSet: string; page: AffectedPage; width: number }) {
  const { ref, width: column } = useElementSize();
  const frames = useRef<Record<(typeof SIDES)[number], HTMLIFrameElement | null>>({ before: null, after: null });
  const [loaded, setLoaded] = useState(0);
  const [found, setFound] = useState<boolean>();
  useEffect(() => {
    if (loaded < SIDES.length) return;
    const [before, after] = [frames.current.before?.contentWindow, frames.current.after?.contentWindow];
    if (!before || !after) return;
    setFound(showFirstChange(before, after));
    return keepInStep(before, after);
  }, [loaded]);
  const height = VIEW_HEIGHT[width] ?? 800;
  // Until measured, shown at the width of a phone's column.
  const scale = Math.min(1, (column > 0 ? column - 2 : 340) / width);
  const name = `${page.title} (${page.language}, ${page.path})`;
  return (
    <div data-comparison={page.path} data-width={width}>
      <Text size="sm" role="status" data-first-change={found === undefined ? 'pending' : found ? 'shown' : 'none'}>
        {found === undefined
          ? 'Loading both versions…'
          : found
            ? 'Both are scrolled to the first section that differs, marked with an orange outline; they scroll together.'
            : 'Its sections read the same: the change is in what the page says to search engines or links to, not in its text.'}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
        {SIDES.map((side, index) => (
          <figure key={side} className={classes.reviewFrame} ref={index === 0 ? ref : undefined}>
            <figcaption>
              <Text size="sm" fw={600}>
                {side === 'before' ? (page.isNew ? 'Published now (a new page: not there yet)' : 'Published now') : 'With this change set'}
              </Text>
            </figcaption>
            <div className={classes.reviewFrameBox} style={{ height: height * scale + 2, width: width * scale + 2 }}>
              <iframe
                ref={(frame) => {
                  frames.current[side] = frame;
                }}
                title={`${name}, ${side === 'before' ? 'published now' : 'with this change set'}`}
                src={hubLinks.comparison(changeSet, page.path, side)}
                style={{ width, height, transform: `scale(${scale})` }}
                onLoad={() => setLoaded((count) => count + 1)}
                data-side={side}
              />
            </div>
          </figure>
        ))}
      </SimpleGrid>
    </div>
  );
}
