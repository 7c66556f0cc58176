/**
 * The hosted editor's own pages around the editor (src/editor/host/ serves them): signing in, a person's change sets,
 * one change set's review (its commits, its documents before and after, comments, approval, Publish) and a document's
 * history. The editor itself is at /changes/<id>/edit, a page of its own.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { HOSTED } from '../../hosted-protocol';
import { editorCssVariables, editorTheme } from '../editor-theme';
import { ChangeSetList } from './ChangeSetList';
import { ChangeSetView } from './ChangeSetView';
import { HistoryView } from './HistoryView';
import { hubQueryClient } from './hub-api';
import { HubLayout } from './HubLayout';
import { SignIn } from './SignIn';

const router = createBrowserRouter([
  { path: HOSTED.signIn, element: <SignIn /> },
  {
    element: <HubLayout />,
    children: [
      { index: true, element: <ChangeSetList /> },
      { path: 'changes/:id', element: <ChangeSetView /> },
      { path: 'history', element: <HistoryView /> },
    ],
  },
]);

export function HubApp() {
  return (
    <MantineProvider theme={editorTheme} defaultColorScheme="light" cssVariablesResolver={editorCssVariables}>
      <QueryClientProvider client={hubQueryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
