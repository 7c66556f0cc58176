// @ts-check
/**
 * Runs a TypeScript command as one JavaScript file: `node scripts/tools/run-bundled.mjs scripts/build/build.ts [args]`.
 * tsx takes about a second to start and load a command's modules through its loader; the command's own code bundled
 * by esbuild into one file loads in a fraction of that, and its packages load from node_modules as Node loads them.
 * The bundle is kept in node_modules/.cache/run-bundled/ with the size and time of every file it was made from, and
 * made again (a few tenths of a second) when any of them changed. Plain JavaScript, because it runs before anything
 * could compile TypeScript.
 *
 * A bundle names no folder of the project it was made in: a copied or moved project (cp -a, rsync -a, a tar copy,
 * node_modules and its cache included) runs its cached bundles on its own files. Where a source reads
 * `import.meta.dirname` or `import.meta.url`, the bundle asks this runner where the project is now
 * (`globalThis.__reachwellProject`) and adds the source's place in it. So a bundle is keyed by what it is made of
 * (the files' sizes and times, the recipe, Node's and esbuild's versions), never by where: copies of the same code
 * share it rightly. Each bundle's file is named by a hash of its code and its record written last, so a command never
 * runs a bundle with another's record (two checkouts that share node_modules by a link make theirs at once).
 *
 * A command run often and briefly (`--script`) is bundled whole, its packages too, as CommonJS scripts run with V8's
 * code cache of each: Node 20 keeps compiled code for scripts only, not for ES modules. For `npm run validate`,
 * compiling its modules afresh on every run was a tenth of its time. Its packages are a bundle of their own, so a
 * change to the command's code bundles and compiles only that code again (below).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

const ROOT = join(import.meta.dirname, '..', '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'run-bundled');
/**
 * What makes bundles, in their record: a bundle made another way, by another esbuild or for another Node is made
 * again. RECIPE changes when the way bundles are made changes.
 */
const RECIPE = 4;
const MAKER = `${RECIPE} node ${process.versions.node} esbuild ${createRequire(import.meta.url)('esbuild/package.json').version}`;
/** A superseded bundle is removed this long after it was made: a command started before may still read its map. */
const SUPERSEDED_MS = 10 * 60_000;

/**
 * `--script`: the command is run often and briefly, so its start is most of its run. It is bundled whole, its packages
 * too, as one CommonJS script run with V8's code cache (above). It must have no top-level await, and no package of
 * its may need to be the one copy in node_modules: its zod, for one, is its own. A script has no `import.meta` (the
 * bundle refuses code that reads more of it than `dirname` and `url`), and its `import()` of a package is `require`.
 */
const asScript = process.argv[2] === '--script';
const [entry, ...args] = process.argv.slice(asScript ? 3 : 2);
if (!entry) {
  console.error('usage: node scripts/tools/run-bundled.mjs [--script] <command.ts> [arguments]');
  process.exit(2);
}
/** Named by the command's whole path (scripts/tools/start.ts and server/start.ts are two commands): `scripts--start`. */
const name = relative(ROOT, resolve(ROOT, entry))
  .replace(/\.tsx?$/, '')
  .replace(/[\\/:]/g, '--');
const extension = asScript ? 'cjs' : 'mjs';
/** The bundle's record: what it was made from, and the file that holds it (`<name>-<hash of its code>.<extension>`). */
const recordFile = join(CACHE, `${name}.${extension}.json`);

/** @param {string} file */
const stampOf = (file) => {
  try {
    const { size, mtimeMs } = statSync(join(ROOT, file));
    return `${size}:${mtimeMs}`;
  } catch {
    return 'missing';
  }
};

/**
 * A script's packages, bundled apart from its own code (`<name>--packages-<hash>.cjs`, with its record and code cache):
 * validate's first run after a change to its code took 568 ms, 260 ms more than a warm run, most of it esbuild reading
 * zod and the other packages again (the command's code alone bundles in a tenth of the time) and V8 compiling them
 * without a code cache. The command's bundle takes each package it imports from there (fromPackagesBundle, below).
 */
const packagesName = `${name}--packages`;
const packagesRecordFile = join(CACHE, `${packagesName}.cjs.json`);

/**
 * A bundle's record, if it was made by this maker from the files as they are now and its file is there.
 * @param {string} file
 */
function freshRecord(file) {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8'));
    const fresh = record.maker === MAKER && Object.entries(record.inputs).every(([input, stamp]) => stampOf(input) === stamp);
    return fresh && statSync(join(CACHE, record.bundle)).isFile() ? record : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The command's bundle, and a script's packages' record, if both were made from the files as they are now and the
 * command's bundle was made against those packages.
 * @returns {{ bundle: string, packages?: PackagesRecord } | undefined}
 */
function freshBundles() {
  const command = freshRecord(recordFile);
  if (!command) return undefined;
  if (!asScript) return { bundle: join(CACHE, command.bundle) };
  const packages = freshRecord(packagesRecordFile);
  return packages && packages.bundle === command.packages ? { bundle: join(CACHE, command.bundle), packages } : undefined;
}

/** A source's place in the project, as the bundle writes it: from the project's folder, unless it lies outside. */
const placeOf = (/** @type {string} */ path) => {
  const root = realpathSync(ROOT); // esbuild names sources by their real paths
  return path === root || path.startsWith(`${root}/`) ? relative(root, path) : path;
};

/**
 * A bundled file no longer sits where its source did: `import.meta.dirname` and `import.meta.url` become the source
 * file's own, in the project where the bundle runs (src/engine/load/content-env.ts finds the project from them).
 * @type {import('esbuild').Plugin}
 */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      return {
        contents: text
          .replaceAll('import.meta.dirname', `globalThis.__reachwellProject.path(${JSON.stringify(placeOf(dirname(path)))})`)
          .replaceAll('import.meta.url', `globalThis.__reachwellProject.url(${JSON.stringify(placeOf(path))})`),
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
    // Not `#` names: the project's own (package.json "imports": its JSX runtime), bundled as its other files are.
    build.onResolve({ filter: /^[^./#]/ }, ({ path, kind }) => {
      if (isBuiltin(path)) return { path, external: true };
      for (const name of [path, `${path}.js`, `${path}/index.js`]) {
        try {
          if (statSync(fileURLToPath(import.meta.resolve(name))).isFile()) return { path: name, external: true };
        } catch {
          // Not a name Node resolves: try the next, else esbuild bundles it.
        }
      }
      // A package loaded with import() only when a developer's command needs it (prettier, for `npm run generate`)
      // is not installed by `npm ci --omit=dev`: left to Node, which loads it if that code ever runs.
      if (kind === 'dynamic-import') return { path, external: true };
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
    build.onResolve({ filter: /^[^./#]/ }, ({ path, kind }) => (kind === 'dynamic-import' ? { path, external: true } : undefined));
  },
};

/**
 * @typedef {{ maker: string, inputs: Record<string, string>, bundle: string, specifiers: string[], exports: Record<string, string[]> }} PackagesRecord
 */

/**
 * A script's package, `import { z } from 'zod'`, is the module its packages' bundle made of it: a module here that
 * re-exports each of its names (listed in the packages' record) from `globalThis.__reachwellProject.package('zod')`.
 * One copy of each package, as when they were bundled with the command's code, and with Node's meaning of a default
 * import, since the packages' bundle imports them as an ES module file of the project does. A name the command does not
 * import is left out (a pure read). A package the record does not list is left external, and noted in `imported`,
 * which holds every package the command imports: the packages are then bundled again, and the command after them.
 * @param {Record<string, string[]>} exports
 * @param {Set<string>} imported
 * @returns {import('esbuild').Plugin}
 */
const fromPackagesBundle = (exports, imported) => ({
  name: 'from-packages-bundle',
  setup(build) {
    build.onResolve({ filter: /^[^./#]/ }, ({ path }) => {
      if (isBuiltin(path)) return { path, external: true };
      imported.add(path);
      return Object.hasOwn(exports, path) ? { path, namespace: 'package' } : { path, external: true };
    });
    build.onLoad({ filter: /.*/, namespace: 'package' }, ({ path }) => {
      const names = exports[path];
      return {
        loader: 'js',
        contents: [
          `const from = globalThis.__reachwellProject.package(${JSON.stringify(path)});`,
          'const take = (name) => from[name];',
          ...names.map((exported, i) => `const e${i} = /* @__PURE__ */ take(${JSON.stringify(exported)});`),
          `export { ${names.map((exported, i) => `e${i} as ${JSON.stringify(exported)}`).join(', ')} };`,
        ].join('\n'),
      };
    });
  },
});

/**
 * In a script, zod's `z.locales` (and `z.core.locales`) hold English only, the one zod sets by itself: its messages in
 * some fifty languages were a third of `npm run validate`'s bundle, made, read, hashed and compiled or loaded from V8's
 * code cache for nothing. The project words zod's issues in its own messages (src/engine/load/documents/zod-issues.ts)
 * and chooses no locale.
 * @type {import('esbuild').Plugin}
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    // Named from the project's folder: esbuild writes the name into the bundle, which names no folder (above).
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index)\.js$/.test(importer)
        ? { path: placeOf(join(dirname(importer), '..', 'locales', 'index.js')), namespace: 'zod-english-only' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, ({ path }) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: resolve(ROOT, dirname(path)),
      loader: 'js',
    }));
  },
};

/** esbuild's options for every bundle. */
const COMMON = /** @type {const} */ ({
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  target: 'node20',
  metafile: true,
  write: false,
  logLevel: 'warning',
});
/** A script's, its packages' included. */
const SCRIPT = /** @type {const} */ ({
  format: 'cjs',
  // A script's stack traces point into the bundle, whose comments name each source file (vm.Script has no
  // source maps); `npx tsx <command.ts>` runs a command from its sources.
  sourcemap: false,
  supported: { 'dynamic-import': false }, // import() becomes require()
  // esbuild would make a package's `import.meta.url` undefined and say nothing.
  logOverride: { 'empty-import-meta': 'error' },
  nodePaths: [join(ROOT, 'node_modules')], // for a command outside the project too (the runner's tests)
  // A package's ES module build where it has one, whose imports esbuild follows (jsonc-parser's CommonJS
  // build requires its files by names esbuild cannot see).
  mainFields: ['module', 'main'],
});
const BANNER = { js: 'if (!globalThis.__reachwellProject) throw new Error("Run this bundle with node scripts/tools/run-bundled.mjs");' };

/** Makes an ES module's bundle, keeps it with its record, and returns its file. */
async function makeModule() {
  const { build } = await import('esbuild');
  const result = await build({
    ...COMMON,
    entryPoints: [entry],
    outfile: join(CACHE, `${name}.mjs`),
    sourcemap: true,
    banner: BANNER,
    format: 'esm',
    plugins: [packagesFromNodeModules, sourceLocations],
  });
  const { bundle, inputs } = writeBundle(result, name, 'mjs');
  writeAside(recordFile, JSON.stringify({ maker: MAKER, inputs, bundle }));
  return { bundle: join(CACHE, bundle) };
}

/**
 * Makes a script's bundle, and its packages' bundle first unless theirs is fresh and holds what the command imports.
 * @returns {Promise<{ bundle: string, packages: PackagesRecord, loaded?: Record<string, unknown> }>}
 */
async function makeScript() {
  const { build } = await import('esbuild');
  const bundleCommand = async (/** @type {PackagesRecord | undefined} */ packages) => {
    const imported = new Set();
    const result = await build({
      ...COMMON,
      ...SCRIPT,
      entryPoints: [entry],
      outfile: join(CACHE, `${name}.cjs`),
      banner: BANNER,
      plugins: [laterPackagesFromNodeModules, fromPackagesBundle(packages?.exports ?? {}, imported), sourceLocations],
    });
    return { result, imported: [...imported].sort() };
  };
  let packages = freshRecord(packagesRecordFile);
  let command = await bundleCommand(packages);
  let loaded;
  if (!packages || command.imported.join('\n') !== packages.specifiers.join('\n')) {
    ({ record: packages, loaded } = await makePackages(command.imported));
    command = await bundleCommand(packages);
  }
  const { bundle, inputs } = writeBundle(command.result, name, 'cjs');
  writeAside(recordFile, JSON.stringify({ maker: MAKER, inputs, bundle, packages: packages.bundle }));
  return { bundle: join(CACHE, bundle), packages, loaded };
}

/**
 * Bundles these packages as one script that exports each one's module by its name, runs it to list the names each
 * exports, and keeps both. The packages are imported as an ES module file of the project imports them (`.mjs`:
 * esbuild gives a CommonJS package's default import Node's meaning, its `module.exports`).
 * @param {string[]} specifiers
 * @returns {Promise<{ record: PackagesRecord, loaded: Record<string, unknown> }>}
 */
async function makePackages(specifiers) {
  const { build } = await import('esbuild');
  const result = await build({
    ...COMMON,
    ...SCRIPT,
    stdin: {
      contents: [
        ...specifiers.map((specifier, i) => `import * as p${i} from ${JSON.stringify(specifier)};`),
        `export const packages = { ${specifiers.map((specifier, i) => `${JSON.stringify(specifier)}: p${i}`).join(', ')} };`,
      ].join('\n'),
      sourcefile: `${packagesName}.mjs`,
      resolveDir: ROOT,
      loader: 'js',
    },
    outfile: join(CACHE, `${packagesName}.cjs`),
    plugins: [laterPackagesFromNodeModules, zodEnglishOnly],
  });
  const { bundle, inputs } = writeBundle(result, packagesName, 'cjs');
  const loaded = /** @type {{ packages: Record<string, object> }} */ (runScript(join(CACHE, bundle))).packages;
  const exports = Object.fromEntries(
    specifiers.map((specifier) => [specifier, Object.getOwnPropertyNames(loaded[specifier]).filter((key) => key !== '__esModule')]),
  );
  /** @type {PackagesRecord} */
  const record = { maker: MAKER, inputs, bundle, specifiers, exports };
  writeAside(packagesRecordFile, JSON.stringify(record));
  return { record, loaded };
}

/**
 * Writes a bundle esbuild made (`<stem>.<extension>` and its map) as `<stem>-<hash of its code>.<extension>`, each file
 * aside and renamed, so a command started meanwhile never reads half a bundle; its record is the caller's to write, last.
 * Returns the bundle's file name and the size and time of each file it was made from.
 * @param {import('esbuild').BuildResult<{ metafile: true, write: false }>} result
 * @param {string} stem
 * @param {string} extension
 */
function writeBundle(result, stem, extension) {
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((file) => [file, stampOf(file)]));
  const code = result.outputFiles.find(({ path }) => path.endsWith(`.${extension}`));
  if (!code) throw new Error(`esbuild wrote no .${extension} file for ${entry}`);
  const bundle = `${stem}-${createHash('sha256').update(code.contents).digest('hex').slice(0, 16)}.${extension}`;
  // An ES module bundle names its source map, which is renamed with it.
  for (const { path, contents } of result.outputFiles)
    writeAside(
      path.replace(`${stem}.${extension}`, bundle),
      path === code.path ? code.text.replace(`//# sourceMappingURL=${stem}.${extension}.map`, `//# sourceMappingURL=${bundle}.map`) : contents,
    );
  forgetSuperseded(bundle, stem);
  return { bundle, inputs };
}

/**
 * Removes the bundles of this stem (and their maps and code caches) that another has superseded for a while.
 * @param {string} current
 * @param {string} stem
 */
function forgetSuperseded(current, stem) {
  const currentStem = current.replace(/\.[^.]+$/, '');
  for (const file of readdirSync(CACHE)) {
    if (!file.startsWith(`${stem}-`) || file.startsWith(currentStem)) continue;
    // Only this stem's: `<stem>-<16 hex>.<extension>` and what goes with it, not a command named `<stem>-x`.
    if (!/^-[0-9a-f]{16}\.(cjs|mjs|mjs\.map|v8)$/.test(file.slice(stem.length))) continue;
    try {
      if (Date.now() - statSync(join(CACHE, file)).mtimeMs > SUPERSEDED_MS) rmSync(join(CACHE, file), { force: true });
    } catch {
      // Removed meanwhile by another command.
    }
  }
}

/** @param {string} file @param {string | Uint8Array} contents */
function writeAside(file, contents) {
  writeFileSync(`${file}.${process.pid}`, contents);
  renameSync(`${file}.${process.pid}`, file);
}

/**
 * Runs a CommonJS bundle as `require` would, with V8's code cache of it: `<bundle>.v8`, made when a run that had no
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
  return module.exports;
}

mkdirSync(CACHE, { recursive: true });
const made = freshBundles() ?? (asScript ? await makeScript() : await makeModule());
/** A script's packages, run when its bundle first imports one (made just now, they have run already). */
let packages = 'loaded' in made ? made.loaded : undefined;
// Where the project is now, for the bundle's `import.meta.dirname` and `import.meta.url` (sourceLocations, above),
// which code runs: the bundles' files, named by hashes of their code (a command keeps results by it: kept-checks.ts),
// and a script's packages (fromPackagesBundle, above).
Object.defineProperty(globalThis, '__reachwellProject', {
  value: Object.freeze({
    code: made.packages ? `${basename(made.bundle)} ${made.packages.bundle}` : basename(made.bundle),
    path: (/** @type {string} */ place) => resolve(ROOT, place),
    url: (/** @type {string} */ place) => pathToFileURL(resolve(ROOT, place)).href,
    package: (/** @type {string} */ specifier) => {
      if (!made.packages) throw new Error('Only a script takes its packages from a bundle of theirs');
      packages ??= /** @type {{ packages: Record<string, unknown> }} */ (runScript(join(CACHE, made.packages.bundle))).packages;
      if (!Object.hasOwn(packages, specifier)) throw new Error(`${made.packages.bundle} does not hold ${specifier}`);
      return packages[specifier];
    },
  }),
});
// The command reads its own arguments from process.argv, as it would under tsx.
process.argv = [process.argv[0], resolve(ROOT, entry), ...args];
if (asScript) runScript(made.bundle);
else {
  process.setSourceMapsEnabled(true); // stack traces point into the sources
  await import(pathToFileURL(made.bundle).href);
}
