/** Browser entry: hydrates the prerendered page (or renders, under `vite` dev). */
import './app/styles';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { Providers } from './app/Providers';
import { routes } from './app/routes';
import { PAGE_DATA_ID } from './app/page-data';
import { loadBlockComponents } from './blocks/components';

const container = document.getElementById('root')!;
const embedded = document.getElementById(PAGE_DATA_ID);

if (embedded) {
  // The prerendered HTML carries this page's (already resolved) document, so hydration needs no request.
  const data = JSON.parse(embedded.textContent!);
  await loadBlockComponents(data.blocks); // preloaded by <link rel="modulepreload"> in the HTML
  const leaf = matchRoutes(routes, window.location)?.at(-1)?.route.id;
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: leaf ? { [leaf]: data } : {} } });
  hydrateRoot(
    container,
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createBrowserRouter(routes)} />
      </Providers>
    </StrictMode>,
  );
}
