/**
 * JSON Pointers (RFC 6901): how problems, the editor and its server name a place in a document
 * (`['blocks', 2, 'heading']` is `/blocks/2/heading`). The one encoder the engine and the editor share.
 */
export type JsonPath = readonly PropertyKey[];

export const jsonPointer = (path: JsonPath) => path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** `/blocks/3/stats` -> `['blocks', 3, 'stats']` (indexes as numbers). */
export const pathOfPointer = (pointer: string): (string | number)[] =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
