/** The project's JSX runtime in development (Vite's dev server, vitest): React's, with foreign text as in ./jsx-runtime.ts. */
import { Fragment, jsxDEV as reactJsxDEV } from 'react/jsx-dev-runtime';
import { foreignTextProps } from './foreign-children';

export { Fragment };
export type { JSX } from 'react/jsx-dev-runtime';

export const jsxDEV: typeof reactJsxDEV = (type, props, key, isStatic, source, self) =>
  reactJsxDEV(type, foreignTextProps(type, props), key, isStatic, source, self);
