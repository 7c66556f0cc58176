/**
 * What a frame of the site shows where the page it asks for is not on that version of the site (a page new in a
 * change set on the published side, a version from before a page existed, a translation not published yet): a short
 * page that says so in words (plain-page.ts), instead of the server's refusal as raw JSON inside the frame. Only the
 * words are here.
 */

/** Why a page is missing, for a person looking at a version of the site. */
export interface NotOnVersion {
  heading: string;
  text: string;
}

export const NOT_ON_VERSION = {
  /** The published side of a page a change set adds. */
  newInChangeSet: {
    heading: 'Not published yet',
    text: 'This page is new in this change set: the published site does not have it yet.',
  },
  /** The change set's side of a page it removes (or the page does not render in it). */
  notInChangeSet: {
    heading: 'Not in this change set',
    text: 'This change set removes this page, so it is not on the site with this change set.',
  },
  /** Before a published change set's publish. */
  newWhenPublished: {
    heading: 'Not on the site before',
    text: 'This page is new in this change set: the site did not have it before the change set was published.',
  },
  /** After a published change set's publish. */
  removedWhenPublished: {
    heading: 'Not on the site after',
    text: 'This change set removed this page when it was published.',
  },
  /** A version in a document's history. */
  notInVersion: {
    heading: 'Not on the site in this version',
    text: 'The site did not show this page in this version: the page did not exist yet, or (for a translation) not enough of it was translated, so visitors got the page in the default language.',
  },
  /** A document that is no page of its own (a collection, a template, the site's configuration). */
  notAPage: {
    heading: 'Not a page of its own',
    text: 'This document is shown on other pages (a collection, a template or the site’s configuration): its versions are listed here, and a page that shows it shows what it changes.',
  },
  /** A version the editor's repository does not have. */
  noSuchVersion: {
    heading: 'No such version',
    text: 'The editor’s repository has no such version of the site.',
  },
} as const satisfies Record<string, NotOnVersion>;
