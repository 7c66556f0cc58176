/**
 * What a link in a document may be: the one definition, used by the field schema (so editors
 * describe it), by validation (so a bad link fails) and by resolution (site: keys -> URLs).
 *
 * Site paths, in-page anchors, https, mail, phone and text links, and `site:<key>`. Nothing else (no
 * javascript:, data:, http:). A button may also say `panel:<name>`: it opens one of the site's panels
 * instead of following a link (only buttons can: a plain link or a card title cannot open anything).
 */
const LINK_STARTS = ['/', '#', 'https://', 'mailto:', 'tel:', 'sms:', 'site:'];
const PANEL_PREFIX = 'panel:';
const startsWithOneOf = (starts: string[]) => new RegExp(`^(${starts.map((start) => start.replace(/[/.]/g, '\\$&')).join('|')})`);
export const LINK_PATTERN = startsWithOneOf(LINK_STARTS);
export const LINK_PATTERN_HINT = 'a site path (/...), #anchor, https://, mailto:, tel:, sms: or site:<key>';
export const BUTTON_TARGET_PATTERN = startsWithOneOf([...LINK_STARTS, PANEL_PREFIX]);
export const BUTTON_TARGET_HINT = `${LINK_PATTERN_HINT.replace(' or site:<key>', ', site:<key>')} or panel:<name>`;

/** Why a link target is refused, and what to write instead. */
export function linkSchemeHint(href: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  const why =
    scheme === 'javascript' || scheme === 'vbscript'
      ? "a link may not run code: a script in a link runs with the visitor's session, the way cross-site scripting works. "
      : scheme === 'data'
        ? 'a link may not carry its own content (data:): it can hide a script or a fake page behind a harmless label. '
        : scheme === 'http'
          ? 'plain http: sends the visitor over an unencrypted connection: use https://. '
          : href.startsWith('//')
            ? 'a link starting with // goes to another site over whatever the page uses: write https:// in full. '
            : '';
  return `${why}Write ${LINK_PATTERN_HINT} (a button may also open a panel: panel:chat, panel:video)`;
}

/** The panels a button can open: `panel:chat` (the chat drawer), `panel:video` (the explainer video). */
export const PANELS = ['chat', 'video'] as const;
export type PanelName = (typeof PANELS)[number];

/** The keys a document may link to as `site:<key>` (src/engine/model/resolve.ts says what each resolves to). */
export const SITE_LINK_KEYS = [
  'signUp',
  'signIn',
  'scheduling',
  'social',
  'phoneTel',
  'phoneSms',
  'mail.chat',
  'mail.support',
  'mail.contact',
  'mail.careers',
] as const;
