/**
 * The site's theme, with what an editing interface needs and the site does not: every dialog's close button named
 * (Mantine leaves it unnamed) and its title bar not a landmark, help text under fields and alerts' titles in colours that
 * meet AA contrast (Mantine's `dimmed`, gray 6 on white, is 3.3:1). The editor and the hosted editor's pages share it.
 */
import { Alert, Modal, ModalHeader, mergeThemeOverrides, type CSSVariablesResolver } from '@mantine/core';
import { theme, themeCssVariables } from '../../theme/theme';

export const editorTheme = mergeThemeOverrides(theme, {
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Mantine writes a dialog's title bar as <header>, which axe counts as a second banner beside the editor's own:
    // it is the dialog's heading row, not a landmark. (`component` reaches the Box it renders, though ModalHeader's
    // props type does not list it.)
    ModalHeader: ModalHeader.extend({ defaultProps: { component: 'div' } as never }),
    // A light alert's title is its colour's shade 6 on that colour's tint (green: 3.0:1): in the text's colour instead.
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
  },
});
export const editorCssVariables: CSSVariablesResolver = (current) => {
  const site = themeCssVariables(current);
  return { ...site, light: { ...site.light, '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } };
};
