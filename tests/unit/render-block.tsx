/** Renders blocks the way a page does: providers, a data router, the registry and its error boundary. */
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Providers } from '../../src/app/Providers';
import { PageBlocks } from '../../src/app/PageBlocks';
import type { Block } from '../../src/engine/page-schema';

export function blockElement(blocks: Block | Block[]): ReactElement {
  const list = Array.isArray(blocks) ? blocks : [blocks];
  const router = createMemoryRouter([{ path: '*', element: <PageBlocks blocks={list} /> }], { initialEntries: ['/'] });
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
