/**
 * Imported first by scripts/build.ts: the build renders with React's production build. React decides its build when
 * it loads (in this process and in the prerender threads, which inherit this environment), and this must not depend
 * on whether something loaded it before Vite set NODE_ENV itself.
 */
process.env.NODE_ENV ??= 'production';
