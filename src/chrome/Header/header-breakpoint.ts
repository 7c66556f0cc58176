import type { SiteData } from '../../engine/model/site-data';

/**
 * Where the desktop bar's actions (and the header's language links) appear: from `lg` (1200 px) when its labels are
 * about as long as the English ones, from `xl` (1408 px) when they are longer (German, Spanish, a pseudo-locale), the
 * mobile menu offering them below. Decided at build time from the labels themselves, so a new language whose words
 * are longer moves the breakpoint instead of pushing the bar past the screen's edge.
 */
export type HeaderBreakpoint = 'lg' | 'xl';

/** Characters of the bar's labels that fit beside each other at 1200 px, with the language menu (the English labels, 86). */
const CHARACTERS_AT_LG = 90;

export function headerBreakpoint({ config }: SiteData): HeaderBreakpoint {
  const { header } = config;
  const labels = [
    ...header.menus.map((menu) => menu.label),
    header.howItWorks,
    header.signIn.label,
    header.bookDemo.label,
    header.tryFree.label,
  ];
  return labels.join('').length > CHARACTERS_AT_LG ? 'xl' : 'lg';
}
