/**
 * The editor's providers and views (react-router): every document, a page editor, a collection
 * editor, and one form for the site configuration and the templates.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { CONTENT_EVENT } from '../../dev/live-preview-protocol';
import { queryClient } from './api';
import { onDevServerEvent } from './dev-server-events';
import { editorCssVariables, editorTheme } from './editor-theme';
import { workspace } from './workspace';
import { Layout } from './views/Layout';
import { DocumentList } from './views/DocumentList';
import { DocumentRoute } from './views/DocumentRoute';
import { TranslationRoute } from './views/TranslationEditor';
import { MediaLibraryView } from './media/MediaLibraryView';

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
        { path: 'media', element: <MediaLibraryView /> },
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
    return onDevServerEvent(CONTENT_EVENT, refresh);
  }, []);
}

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
