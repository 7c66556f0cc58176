/**
 * The words a preview link shows (the banner over a change set's draft page, the page that says a link has ended),
 * in the editor's vocabulary: a change set is named by its title, the site visitors see is "the live site". Kept here,
 * apart from the HTML that places them, so every preview sentence is written once.
 */
export const PREVIEW_WORDS = {
  /** The banner over each page of a preview: what it is, and that it is not what visitors see. */
  banner: (title: string) => `Preview of ‘${title}’, not the live site`,
  bannerLabel: 'Preview',
  /** The page a preview link shows once its change set is live. */
  publishedTitle: (title: string) => `‘${title}’ is on the live site now`,
  published: 'This preview has ended: its changes were published, and visitors see them on the live site.',
  liveLink: 'Open this page on the live site',
  /** … once its change set was closed without publishing. */
  closedTitle: (title: string) => `‘${title}’ was closed`,
  closed: 'This preview has ended: its changes were closed without being published, so the live site does not show them.',
  /** … when the link itself does not open anything. */
  brokenTitle: 'This preview link does not open',
  noPage: 'There is no such page in this preview',
  noPageHint: 'Check the address, or open the link you were sent again: it opens the page the change set changes.',
} as const;
