/** Browser entry: hydrates the prerendered page (or renders, under `vite` dev). */
import './app/styles';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { Providers } from './app/Providers';
import { routes } from './app/routes';
import { PAGE_DATA_ID } from './app/page-data';
import { beginInitialHydration, endInitialHydration } from './app/initial-hydration';
import { loadBlockComponents } from './blocks/components';
import { hydratesWithPage } from './blocks/static-blocks';
import { renderAllSections } from './ui/render-all';

const container = document.getElementById('root')!;
const embedded = document.getElementById(PAGE_DATA_ID);

if (embedded) {
  // The prerendered HTML carries this page's (already resolved) document, so hydration needs no request.
  const data = JSON.parse(embedded.textContent!);
  // Static and deferred blocks keep their server HTML for now (see PageBlocks); the others' code was preloaded with the page.
  await loadBlockComponents(data.blocks.filter((block: { type: string }) => hydratesWithPage(block.type)));
  const leaf = matchRoutes(routes, window.location)?.at(-1)?.route.id;
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: leaf ? { [leaf]: data } : {} } });
  beginInitialHydration();
  const initialLocation = router.state.location;
  const unsubscribe = router.subscribe((state) => {
    if (state.navigation.state === 'idle' && state.location === initialLocation) return;
    endInitialHydration(); // a client-side navigation has begun: blocks it mounts render for real
    renderAllSections(); // and scroll restoration needs true section heights
    unsubscribe();
  });
  // As a transition, even the root's own hydration pass is time-sliced (yields to input and paint).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
} else {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createBrowserRouter(routes)} />
      </Providers>
    </StrictMode>,
  );
}
