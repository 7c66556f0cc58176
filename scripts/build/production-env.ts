/**
 * Imported first by scripts/build/build.ts: the build renders with React's production build, whatever NODE_ENV the caller
 * has (vitest gives its child processes `test`, and every build a test ran rendered with React's development build,
 * three to six times slower, and not the site that ships). React decides its build when it loads: here, when the
 * build imports its prerender bundle, after this ran, and in the prerender threads, which inherit this environment.
 * (The packages build.ts imports itself load before this module does, as ESM imports do: none of them loads React.)
 */
process.env.NODE_ENV = 'production';
