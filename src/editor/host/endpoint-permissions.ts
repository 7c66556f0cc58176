/**
 * What each of the editor's endpoints (src/editor/server/endpoints.ts) lets a person do, in the hosted editor's
 * permissions: reading and drafting need `read`, saving a page, collection, template or the configuration (and making
 * a page) `edit-structure`, saving a translation `edit-translations`. An endpoint not listed here is refused, so a new
 * endpoint is closed until someone decides who may use it.
 */
export type EndpointPermission = 'read' | 'edit-structure' | 'edit-translations';

const ENDPOINTS: Record<string, EndpointPermission> = {
  'GET /documents': 'read',
  'GET /document': 'read',
  'GET /file-hash': 'read',
  'GET /search': 'read',
  'GET /vocabulary': 'read',
  'GET /translation': 'read',
  'POST /draft': 'read',
  'POST /check': 'read',
  'POST /plan': 'read',
  'POST /translation-draft': 'read',
  'POST /save': 'edit-structure',
  'POST /new-page': 'edit-structure',
  'POST /translation-save': 'edit-translations',
};

/** The permission a request to `<base>/api<path>` needs, or undefined when it is no endpoint (refused). */
export const endpointPermission = (method: string, path: string): EndpointPermission | undefined =>
  Object.hasOwn(ENDPOINTS, `${method} ${path}`) ? ENDPOINTS[`${method} ${path}`] : undefined;
