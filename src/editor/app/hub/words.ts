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

const withZone = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZoneName: 'short' });

/** A publish time in the reader's own time zone, named: "Monday 30 November 2026 at 09:00 CET". */
export const publishTimeInWords = (iso: string) => withZone.format(new Date(iso));
