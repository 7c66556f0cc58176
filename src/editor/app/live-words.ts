/**
 * How the hosted editor says who else is here and what happened to a change set (the live stream's presence and
 * notices, src/editor/live-protocol.ts): the hub and the editor's toolbar take their words from here.
 */
import type { DocumentKind } from '../protocol';
import type { NoticeEvent, PresentPerson } from '../live-protocol';
import { publishTimeInWords } from './hub/words';
import type { LiveFallback } from './live-stream';

/** A document as colleagues are told someone has it open: a page by its address, anything else by its kind and name. */
export function documentLabel({ kind, file, route }: { kind: DocumentKind; file: string; route?: string | null }): string {
  if (route) return route;
  const name = (file.split('/').pop() ?? file)
    .replace(/\.json$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  if (kind === 'site') return 'the site settings';
  return kind === 'page' ? name : `the ${name} ${kind}`;
}

const listInWords = (parts: string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** "Also here now: Rita Review (editing /pricing) and Tomás Ruiz (on the change set’s page)"; empty when nobody else is. */
export function presenceInWords(people: PresentPerson[]): string {
  if (!people.length) return '';
  const each = people.map(({ name, document }) => `${name} (${document ? `editing ${document}` : 'on the change set’s page'})`);
  return `Also here now: ${listInWords(each)}`;
}

/** A notice's headline and sentence. */
export function noticeInWords(notice: NoticeEvent): { title: string; body: string } {
  const title = `“${notice.changeSet.title}”`;
  const by = notice.by ?? 'A reviewer';
  switch (notice.kind) {
    case 'approved':
      return { title: `Approved: ${title}`, body: `${by} approved it; a reviewer can publish it now.` };
    case 'changes-requested':
      return { title: `Changes asked for: ${title}`, body: `${by} sent it back to you with a comment saying what to change.` };
    case 'published':
      return { title: `Published: ${title}`, body: `${by} published it: it is on the live site now.` };
    case 'scheduled':
      return {
        title: `Publish time set: ${title}`,
        body: `${by} set it to publish by itself on ${notice.at ? publishTimeInWords(notice.at) : 'the time chosen'}.`,
      };
    case 'publish-time-dropped':
      return { title: `Will not publish by itself: ${title}`, body: notice.reason ?? 'Its publish time was dropped.' };
    case 'clash':
      return {
        title: `${title} now collides with the published site`,
        body: `“${notice.with?.title ?? 'Another change set'}” was just published and changed the same fields differently: bring yours up to date on its page.`,
      };
    case 'review-requested':
      return { title: `Review asked for: ${title}`, body: `${notice.by ?? 'Its author'} submitted it for review.` };
  }
}

/** A tab that polls instead of having the live stream, and why. */
export function fallbackInWords({ reason, everySeconds }: LiveFallback): string {
  const every = `Updates in this tab come every ${everySeconds} seconds, not live`;
  switch (reason) {
    case 'too-many-tabs':
      return `${every}: you have the editor open in more tabs than it keeps up to date at once. Close one of them and this tab goes live again by itself.`;
    case 'server-full':
      return `${every}: the editor is busy, keeping as many people up to date as it can. This tab checks for changes meanwhile and goes live again by itself when there is room.`;
    case 'unsupported':
      return `${every}: this browser cannot take the editor’s live updates.`;
  }
}

export const LIVE_WORDS = {
  notices: 'Notices',
  dismiss: 'Dismiss this notice',
  open: 'Open the change set',
} as const;
