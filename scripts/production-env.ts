/**
 * Imported first by scripts/build.ts: the build renders with React's production build. React decides its build when
 * it loads (in this process and in the prerender threads, which inherit this environment), and this must not depend
 * on whether something loaded it before Vite set NODE_ENV itself, nor on the caller's NODE_ENV: vitest gives its
 * child processes `test`, and every build a test ran rendered with React's development build, three to six times
 * slower, and not the site that ships.
 */
process.env.NODE_ENV = 'production';
