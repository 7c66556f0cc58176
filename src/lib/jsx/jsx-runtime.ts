/**
 * The project's JSX runtime (tsconfig's and Vite's `jsxImportSource: '#jsx'`): React's, with foreign text marked in
 * content turned into `<span lang>` (./foreign-children.ts).
 */
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime';
import { foreignTextProps } from './foreign-children';

export { Fragment };
export type { JSX } from 'react/jsx-runtime';

export const jsx: typeof reactJsx = (type, props, key) => reactJsx(type, foreignTextProps(type, props), key);
export const jsxs: typeof reactJsxs = (type, props, key) => reactJsxs(type, foreignTextProps(type, props), key);
