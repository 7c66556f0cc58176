/**
 * Server rendering that never ships a part it could not render. React's renderToString renders a
 * Suspense boundary whose content threw as its fallback, marks it `<!--$!-->` for the browser to
 * render later, and carries on without a word; for a prerendered site that is a silently broken page.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';

const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

export function renderToStringOrThrow(element: ReactNode, options?: { identifierPrefix?: string }): string {
  const html = renderToString(element, options);
  const failed = html.indexOf(CLIENT_RENDERED_BOUNDARY);
  if (failed === -1) return html;
  // React's development build says why in the boundary's template; its production build does not.
  const said = /data-msg="([^"]*)"/.exec(html.slice(failed, failed + 4000))?.[1];
  const reason = said
    ?.replace(/&(amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity])
    .replace(/^Switched to client rendering because the server rendering errored:\s*/, '');
  throw new Error(`a part inside a Suspense boundary failed to render on the server${reason ? `: ${reason}` : ''}`);
}
