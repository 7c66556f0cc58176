import type { RouteObject } from 'react-router-dom';
import { notFoundEntry, pageEntries } from '../content/pages';
import { Layout } from './Layout';
import { PageView } from './PageView';
import { RouteError } from './RouteError';

/** One route per page document, plus the not-found page for every other path. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      ...pageEntries
        .filter((entry) => entry.route !== null)
        .map((entry) => ({ id: entry.route!, path: entry.route!, loader: entry.load, element: <PageView /> })),
      { id: 'not-found', path: '*', loader: notFoundEntry.load, element: <PageView /> },
    ],
  },
];
