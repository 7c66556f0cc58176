/**
 * An endpoint as the editor's tables declare it (hosted-endpoints.ts, editor-endpoints.ts): its method, its path with
 * `:params`, the permission it needs, and the types of what it is sent and answers. The server binds a handler to each
 * entry and the browser builds its requests from the same entry, so a path is spelled once and a request's shape and
 * answer cannot drift apart on the two sides. Types and small pure functions only: the browser imports it.
 */

export type Method = 'GET' | 'POST' | 'DELETE' | 'ALL';

/**
 * What an endpoint needs: an action of a role (src/editor/host/accounts/roles.ts), just a session, or nothing (the
 * sign-in itself, the app's shells, a preview link).
 */
export type Access =
  | 'read'
  | 'edit-structure'
  | 'edit-translations'
  | 'submit'
  | 'comment'
  | 'approve'
  | 'publish'
  | 'manage-accounts'
  | 'signed-in'
  | 'anyone';

/** The type-only half of an entry: never a value at run time. */
interface Shapes<Body, Answer, Query> {
  body: Body;
  answer: Answer;
  query: Query;
}

export interface Endpoint<Path extends string = string, Body = unknown, Answer = unknown, Query = unknown, A extends Access = Access> {
  method: Method;
  path: Path;
  access: A;
  /** What it answers: JSON (the default), an HTML page, a script, an image, or whatever its handler writes on the connection. */
  answers?: 'json' | 'html' | 'script' | 'image' | 'stream';
  /** Only for the types: `shapes` is never set. */
  shapes?: Shapes<Body, Answer, Query>;
}

/** `/changes/:id/submit` -> `{ id: string }`; a trailing `*` is `{ '*': string }`. */
export type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Path extends `${string}*`
      ? { '*': string }
      : Record<never, never>;

export type BodyOf<E> = E extends Endpoint<string, infer Body, unknown, unknown> ? Body : never;
export type AnswerOf<E> = E extends Endpoint<string, unknown, infer Answer, unknown> ? Answer : never;
export type QueryOf<E> = E extends Endpoint<string, unknown, unknown, infer Query> ? Query : never;

/**
 * Declares an endpoint with its types: `endpoint<{ title: string }, ChangeSetSummary>()('POST', '/api/changes',
 * 'edit-translations')`. `Query` lists its search parameters.
 */
export const endpoint =
  <Body = undefined, Answer = unknown, Query = undefined>() =>
  <const Path extends string, const A extends Access>(
    method: Method,
    path: Path,
    access: A,
    answers: Endpoint['answers'] = 'json',
  ): Endpoint<Path, Body, Answer, Query, A> => ({ method, path, access, answers });

/**
 * An entry's URL with its params filled in (each encoded) and its query appended (undefined values left out):
 * urlOf(HOSTED_ENDPOINTS.submit, { id }) -> `/api/changes/<id>/submit`.
 */
export function urlOf<Path extends string>(
  entry: Endpoint<Path, unknown, unknown, unknown>,
  params: ParamsOf<Path>,
  query?: Record<string, string | undefined>,
): string {
  const values = params as Record<string, string>;
  const path = entry.path
    .replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(values[name]))
    .replace(/\*$/, () => values['*'] ?? '');
  const search = new URLSearchParams(Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return search.size ? `${path}?${search.toString()}` : path;
}
