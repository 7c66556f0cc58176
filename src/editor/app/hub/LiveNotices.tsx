/**
 * The hub's notices from the live stream (approved, changes asked for, published, a publish time, a clash, a review
 * asked for): a polite live region at the bottom corner, each notice with the way to its change set and a button to
 * dismiss it; never a dialog that takes the focus. First, while this tab polls instead of having the live stream, how
 * often it is updated (said once: the words stay the same from poll to poll).
 */
import { Alert, Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { HOSTED } from '../../hosted-protocol';
import type { NoticeEvent } from '../../live-protocol';
import type { LiveFallback } from '../live-stream';
import { fallbackInWords, LIVE_WORDS, noticeInWords } from '../live-words';

export interface ShownNotice extends NoticeEvent {
  key: number;
}

export function LiveNotices({
  fallback,
  notices,
  dismiss,
}: {
  fallback?: LiveFallback;
  notices: ShownNotice[];
  dismiss: (key: number) => void;
}) {
  return (
    <section
      aria-label={LIVE_WORDS.notices}
      aria-live="polite"
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 300, width: 'min(24rem, calc(100vw - 32px))' }}
    >
      <Stack gap="xs">
        {fallback && (
          <Paper withBorder p="xs" bg="white" data-live-fallback={fallback.reason}>
            <Text size="sm">{fallbackInWords(fallback)}</Text>
          </Paper>
        )}
        {notices.map((notice) => {
          const words = noticeInWords(notice);
          return (
            <Alert
              key={notice.key}
              color={notice.kind === 'clash' || notice.kind === 'changes-requested' ? 'red' : 'blue'}
              variant="outline"
              bg="white"
              title={words.title}
              withCloseButton
              closeButtonLabel={LIVE_WORDS.dismiss}
              onClose={() => dismiss(notice.key)}
              data-notice={notice.kind}
            >
              <Text size="sm">{words.body}</Text>
              <Anchor component={Link} to={HOSTED.changeSet(notice.changeSet.id)} size="sm" underline="always">
                {LIVE_WORDS.open}
              </Anchor>
            </Alert>
          );
        })}
      </Stack>
    </section>
  );
}
