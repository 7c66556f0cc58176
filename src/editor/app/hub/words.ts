/** How the hosted editor's pages say a status and a time. */
import type { ChangeSetStatus } from '../../hosted-protocol';

export const STATUS_WORDS: Record<ChangeSetStatus, string> = {
  draft: 'Being edited',
  'changes-requested': 'Changes requested',
  submitted: 'Waiting for review',
  approved: 'Approved',
  published: 'Published',
  closed: 'Closed',
};

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "27 Nov 2026, 14:05". */
export const whenInWords = (iso: string) => dateTime.format(new Date(iso));

// Fields one by one: Chromium refuses dateStyle/timeStyle together with timeZoneName (a TypeError at load).
const withZone = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** A publish time in the reader's own time zone, named: "Monday 30 November 2026 at 09:00 CET". */
export const publishTimeInWords = (iso: string) => withZone.format(new Date(iso));
