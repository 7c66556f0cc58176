/**
 * What each of the editor's endpoints (src/editor/editor-endpoints.ts, the table src/editor/server/endpoints.ts binds)
 * lets a person do, in the hosted editor's permissions: read from the table, where each entry declares it. A path not
 * in the table is refused, so a new endpoint is closed until someone declares who may use it.
 */
import { EDITOR_ENDPOINTS, editorEndpointOf } from '../editor-endpoints';

export type EndpointPermission = (typeof EDITOR_ENDPOINTS)[keyof typeof EDITOR_ENDPOINTS]['access'];

/** The permission a request to `<base>/api<path>` needs, or undefined when it is no endpoint (refused). */
export const endpointPermission = (method: string, path: string): EndpointPermission | undefined => {
  const name = editorEndpointOf(method, path);
  return name ? EDITOR_ENDPOINTS[name].access : undefined;
};
