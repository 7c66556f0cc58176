// @ts-check
/**
 * Runs a TypeScript command as one JavaScript file: `node scripts/run-bundled.mjs scripts/build.ts [args]`.
 * tsx takes about a second to start and load a command's modules through its loader; the command's own code bundled
 * by esbuild into one file loads in a fraction of that, and its packages load from node_modules as Node loads them.
 * The bundle is kept in node_modules/.cache/run-bundled/ with the size and time of every file it was made from, and
 * made again (a few tenths of a second) when any of them changed. Plain JavaScript, because it runs before anything
 * could compile TypeScript.
 *
 * A command run often and briefly (`--script`) is bundled whole, its packages too, as one CommonJS script, and
 * run with V8's code cache of that script: Node 20 keeps compiled code for scripts only, not for ES modules. For
 * `npm run validate`, compiling its modules afresh on every run was a tenth of its time.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

const ROOT = join(import.meta.dirname, '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'run-bundled');
/** Changes when the way bundles are made changes, so older bundles are made again. */
const RECIPE = 2;

/**
 * `--script`: the command is run often and briefly, so its start is most of its run. It is bundled whole, its packages
 * too, as one CommonJS script run with V8's code cache (above). It must have no top-level await, and no package of
 * its may need to be the one copy in node_modules: its zod, for one, is its own. A script has no `import.meta` (the
 * bundle refuses code that reads more of it than `dirname` and `url`), and its `import()` of a package is `require`.
 */
const asScript = process.argv[2] === '--script';
const [entry, ...args] = process.argv.slice(asScript ? 3 : 2);
if (!entry) {
  console.error('usage: node scripts/run-bundled.mjs [--script] <command.ts> [arguments]');
  process.exit(2);
}
/** Named by the command's whole path (scripts/start.ts and server/start.ts are two commands): `scripts--start`. */
const name = relative(ROOT, resolve(ROOT, entry))
  .replace(/\.tsx?$/, '')
  .replace(/[\\/:]/g, '--');
const bundle = join(CACHE, `${name}.${asScript ? 'cjs' : 'mjs'}`);
const stampsFile = `${bundle}.inputs.json`;

/** @param {string} file */
const stampOf = (file) => {
  try {
    const { size, mtimeMs } = statSync(join(ROOT, file));
    return `${size}:${mtimeMs}`;
  } catch {
    return 'missing';
  }
};

/** True when the bundle was made by this recipe from the files as they are now. */
function isFresh() {
  try {
    const { recipe, inputs } = JSON.parse(readFileSync(stampsFile, 'utf8'));
    return recipe === RECIPE && Object.entries(inputs).every(([file, stamp]) => stampOf(file) === stamp);
  } catch {
    return false;
  }
}

/**
 * A bundled file no longer sits where its source did: `import.meta.dirname` and `import.meta.url` are written in as
 * the source file's own (src/engine/content-env.ts finds the project from them).
 * @type {import('esbuild').Plugin}
 */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      return {
        contents: text
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
        loader: path.endsWith('.tsx') ? 'tsx' : 'ts',
      };
    });
  },
};

/**
 * A package is loaded by Node from node_modules (native addons, worker files and one copy of each package stay as
 * they are), under the name Node can load: TypeScript's `ajv/dist/2020` is Node's `ajv/dist/2020.js`, and its
 * `ajv/dist/standalone` Node's `ajv/dist/standalone/index.js`.
 * @type {import('esbuild').Plugin}
 */
const packagesFromNodeModules = {
  name: 'packages-from-node-modules',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      if (isBuiltin(path)) return { path, external: true };
      for (const name of [path, `${path}.js`, `${path}/index.js`]) {
        try {
          if (statSync(fileURLToPath(import.meta.resolve(name))).isFile()) return { path: name, external: true };
        } catch {
          // Not a name Node resolves: try the next, else esbuild bundles it.
        }
      }
      return undefined;
    });
  },
};

/**
 * In a script, a package imported with `import()` is left in node_modules and required when the call runs: vm.Script
 * has no loader for `import()` (without a flag), and the package may be one a script cannot hold (prettier, which
 * `npm run validate` never loads, reads `import.meta`).
 * @type {import('esbuild').Plugin}
 */
const laterPackagesFromNodeModules = {
  name: 'later-packages-from-node-modules',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path, kind }) => (kind === 'dynamic-import' ? { path, external: true } : undefined));
  },
};

async function make() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    // A script's stack traces point into the bundle, whose comments name each source file (vm.Script has no
    // source maps); `npx tsx <command.ts>` runs a command from its sources.
    sourcemap: !asScript,
    metafile: true,
    write: false,
    logLevel: 'warning',
    ...(asScript
      ? {
          format: 'cjs',
          plugins: [laterPackagesFromNodeModules, sourceLocations],
          supported: { 'dynamic-import': false }, // import() becomes require()
          // esbuild would make a package's `import.meta.url` undefined and say nothing.
          logOverride: { 'empty-import-meta': 'error' },
          nodePaths: [join(ROOT, 'node_modules')], // for a command outside the project too (the runner's tests)
          // A package's ES module build where it has one, whose imports esbuild follows (jsonc-parser's CommonJS
          // build requires its files by names esbuild cannot see).
          mainFields: ['module', 'main'],
        }
      : { format: 'esm', plugins: [packagesFromNodeModules, sourceLocations] }),
  });
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((file) => [file, stampOf(file)]));
  // Each file written aside and renamed, the stamps last: a command started meanwhile never reads half a bundle.
  for (const { path, contents } of result.outputFiles) writeAside(path, contents);
  writeAside(stampsFile, JSON.stringify({ recipe: RECIPE, inputs }));
}

/** @param {string} file @param {string | Uint8Array} contents */
function writeAside(file, contents) {
  writeFileSync(`${file}.${process.pid}`, contents);
  renameSync(`${file}.${process.pid}`, file);
}

/**
 * Runs a CommonJS bundle as `require` would, with V8's code cache of it: `<name>.v8`, made when a run that had no
 * usable cache exits with 0, so it holds what a whole run compiled (not a usage error's few functions). V8 checks
 * only its own version, its flags and the code's length, so the file starts with the SHA-256 of the code it was made
 * from, and a cache of other code is not used.
 * @param {string} file
 */
function runScript(file) {
  const code = readFileSync(file, 'utf8').replace(/^#!.*/, ''); // a command's `#!` line, which Node's loader drops too
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${code}\n})`;
  const hash = createHash('sha256').update(wrapped).digest();
  const cacheFile = file.replace(/\.cjs$/, '.v8');
  let saved;
  try {
    saved = readFileSync(cacheFile);
  } catch {
    // None made yet.
  }
  const cachedData = saved?.subarray(0, hash.length).equals(hash) ? saved.subarray(hash.length) : undefined;
  const script = new Script(wrapped, { filename: file, cachedData });
  if (!cachedData || script.cachedDataRejected)
    process.once('exit', (code) => {
      if (code !== 0) return;
      try {
        writeAside(cacheFile, Buffer.concat([hash, script.createCachedData()]));
      } catch {
        // A read-only tree: the next run compiles again.
      }
    });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
}

mkdirSync(CACHE, { recursive: true });
if (!isFresh()) await make();
// The command reads its own arguments from process.argv, as it would under tsx.
process.argv = [process.argv[0], resolve(ROOT, entry), ...args];
if (asScript) runScript(bundle);
else {
  process.setSourceMapsEnabled(true); // stack traces point into the sources
  await import(pathToFileURL(bundle).href);
}
