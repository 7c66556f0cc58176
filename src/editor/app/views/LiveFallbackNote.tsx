/**
 * Says once, politely, that this tab polls instead of having the live stream (refused one: too many tabs, or the
 * server full; or a browser without EventSource), and how often it is updated. A status region there even while
 * live, so the words are announced when they appear; they stay the same from one poll to the next, so they are not
 * said again.
 */
import { Text } from '@mantine/core';
import type { LiveFallback } from '../live-stream';
import { fallbackInWords } from '../live-words';

export function LiveFallbackNote({ fallback }: { fallback?: LiveFallback }) {
  return (
    <Text size="sm" role="status" data-live-fallback={fallback?.reason ?? ''} mt={fallback ? 4 : 0}>
      {fallback ? fallbackInWords(fallback) : ''}
    </Text>
  );
}
