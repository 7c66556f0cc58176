/** Renders one block the way a page does: providers, a data router, the registry and its error boundary. */
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Providers } from '../../src/app/Providers';
import { PageBlocks } from '../../src/app/PageBlocks';
import type { Block } from '../../src/engine/page-schema';

export function blockElement(block: Block): ReactElement {
  const router = createMemoryRouter([{ path: '*', element: <PageBlocks blocks={[block]} /> }], { initialEntries: ['/'] });
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
