/**
 * Mantine renders a dialog's title bar as <header>. axe counts a <header> whose
 * nearest section carries a role (the dialog) as a second banner landmark next to
 * the site header, so the title bar gets role="none": it is not a landmark.
 */
export const DIALOG_HEADER_IS_NOT_A_BANNER = { header: { role: 'none' } } as const;
