/** Prerender entry (bundled by `vite build --ssr`): renders one URL to HTML with the same routes and providers as the browser. */
import './app/styles';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { preloadDeferredParts } from './app/deferred-hydration';
import { Providers } from './app/Providers';
import { routes } from './app/routes';

export interface Rendered {
  html: string;
  /** The loader data of the page's route: what the browser hydrates with. */
  pageData: unknown;
}

const handler = createStaticHandler(routes);

const deferredPartsLoaded = preloadDeferredParts();

export async function render(path: string, origin: string): Promise<Rendered> {
  await deferredPartsLoaded; // rendered synchronously into the HTML
  const context = await handler.query(new Request(new URL(path, origin)));
  if (context instanceof Response) throw new Error(`Rendering ${path} answered a redirect (${context.status})`);
  if (context.errors) throw Object.values(context.errors)[0];
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <Providers>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
  );
  const leaf = context.matches.at(-1)!.route.id;
  return { html, pageData: context.loaderData[leaf] };
}
