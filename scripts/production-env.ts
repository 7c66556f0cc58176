/**
 * Imported first by scripts/build.ts: the build renders with React's production build. The Vite configuration it
 * imports loads the theme, and so React, before Vite would set NODE_ENV itself; React decides its build on load.
 */
process.env.NODE_ENV ??= 'production';
