/**
 * The editor's providers and views (react-router): every document, a page editor, a collection
 * editor, and one form for the site configuration and the templates.
 */
import { MantineProvider, Modal, ModalHeader, mergeThemeOverrides, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { CONTENT_EVENT } from '../../dev/live-preview-protocol';
import { theme, themeCssVariables } from '../../theme/theme';
import { queryClient } from './api';
import { workspace } from './workspace';
import { Layout } from './views/Layout';
import { DocumentList } from './views/DocumentList';
import { DocumentRoute } from './views/DocumentRoute';
import { TranslationRoute } from './views/TranslationEditor';

const router = createBrowserRouter(
  [
    {
      element: <Layout />,
      children: [
        { index: true, element: <DocumentList /> },
        { path: 'page/*', element: <DocumentRoute kind="page" /> },
        { path: 'collection/:name', element: <DocumentRoute kind="collection" /> },
        { path: 'template/:name', element: <DocumentRoute kind="template" /> },
        { path: 'site', element: <DocumentRoute kind="site" /> },
        { path: 'translate/:locale/*', element: <TranslationRoute /> },
      ],
    },
  ],
  { basename: workspace.base },
);

/** After any save in pages-json/ (ours or not), the list's statuses and the forms' vocabulary are read again. */
function useContentRefresh() {
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
      void queryClient.invalidateQueries({ queryKey: ['vocabulary'] });
    };
    import.meta.hot?.on(CONTENT_EVENT, refresh);
    return () => import.meta.hot?.off(CONTENT_EVENT, refresh);
  }, []);
}

/**
 * The site's theme, with what an editing interface needs and the site does not: every dialog's close button named
 * (Mantine leaves it unnamed) and its title bar not a landmark, and help text under fields in a colour that meets
 * AA contrast (Mantine's `dimmed`, gray 6 on white, is 3.3:1).
 */
const editorTheme = mergeThemeOverrides(theme, {
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Mantine writes a dialog's title bar as <header>, which axe counts as a second banner beside the editor's own:
    // it is the dialog's heading row, not a landmark. (`component` reaches the Box it renders, though ModalHeader's
    // props type does not list it.)
    ModalHeader: ModalHeader.extend({ defaultProps: { component: 'div' } as never }),
  },
});
const editorCssVariables: CSSVariablesResolver = (current) => {
  const site = themeCssVariables(current);
  return { ...site, light: { ...site.light, '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } };
};

export function App() {
  useContentRefresh();
  return (
    <MantineProvider theme={editorTheme} defaultColorScheme="light" cssVariablesResolver={editorCssVariables}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
