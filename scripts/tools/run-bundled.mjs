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
 * A command run often and briefly (`--script`) is bundled whole, its packages too, as one CommonJS script, and
 * run with V8's code cache of that script: Node 20 keeps compiled code for scripts only, not for ES modules. For
 * `npm run validate`, compiling its modules afresh on every run was a tenth of its time.
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

/** The bundle that was made by this maker from the files as they are now, if there is one. */
function freshBundle() {
  try {
    const { maker, inputs, bundle } = JSON.parse(readFileSync(recordFile, 'utf8'));
    const fresh = maker === MAKER && Object.entries(inputs).every(([file, stamp]) => stampOf(file) === stamp);
    return fresh && statSync(join(CACHE, bundle)).isFile() ? join(CACHE, bundle) : undefined;
  } catch {
    return undefined;
  }
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

/** Makes the bundle, keeps it with its record, and returns its file. */
async function make() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile: join(CACHE, `${name}.${extension}`),
    bundle: true,
    platform: 'node',
    target: 'node20',
    // A script's stack traces point into the bundle, whose comments name each source file (vm.Script has no
    // source maps); `npx tsx <command.ts>` runs a command from its sources.
    sourcemap: !asScript,
    metafile: true,
    write: false,
    logLevel: 'warning',
    banner: { js: 'if (!globalThis.__reachwellProject) throw new Error("Run this bundle with node scripts/tools/run-bundled.mjs");' },
    ...(asScript
      ? {
          format: 'cjs',
          plugins: [laterPackagesFromNodeModules, zodEnglishOnly, sourceLocations],
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
  const code = result.outputFiles.find(({ path }) => path.endsWith(`.${extension}`));
  if (!code) throw new Error(`esbuild wrote no .${extension} file for ${entry}`);
  const bundle = `${name}-${createHash('sha256').update(code.contents).digest('hex').slice(0, 16)}.${extension}`;
  // Each file written aside and renamed, the record last: a command started meanwhile never reads half a bundle.
  // (An ES module bundle names its source map, which is renamed with it.)
  for (const { path, contents } of result.outputFiles)
    writeAside(path.replace(`${name}.${extension}`, bundle), path === code.path ? renameMapIn(code.text, bundle) : contents);
  writeAside(recordFile, JSON.stringify({ maker: MAKER, inputs, bundle }));
  forgetSuperseded(bundle);
  return join(CACHE, bundle);
}

/** @param {string} text @param {string} bundle */
const renameMapIn = (text, bundle) => text.replace(`//# sourceMappingURL=${name}.${extension}.map`, `//# sourceMappingURL=${bundle}.map`);

/** Removes this command's bundles (and their maps and code caches) that another has superseded for a while. */
function forgetSuperseded(/** @type {string} */ current) {
  const stem = current.replace(/\.[^.]+$/, '');
  for (const file of readdirSync(CACHE)) {
    if (!file.startsWith(`${name}-`) || file.startsWith(stem)) continue;
    // Only this command's: `<name>-<16 hex>.<extension>` and what goes with it, not a command named `<name>-x`.
    if (!/^-[0-9a-f]{16}\.(cjs|mjs|mjs\.map|v8)$/.test(file.slice(name.length))) continue;
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
}

mkdirSync(CACHE, { recursive: true });
const bundle = freshBundle() ?? (await make());
// Where the project is now, for the bundle's `import.meta.dirname` and `import.meta.url` (sourceLocations, above),
// and which code runs: the bundle's file, named by a hash of its code (a command keeps results by it: kept-checks.ts).
Object.defineProperty(globalThis, '__reachwellProject', {
  value: Object.freeze({
    code: basename(bundle),
    path: (/** @type {string} */ place) => resolve(ROOT, place),
    url: (/** @type {string} */ place) => pathToFileURL(resolve(ROOT, place)).href,
  }),
});
// The command reads its own arguments from process.argv, as it would under tsx.
process.argv = [process.argv[0], resolve(ROOT, entry), ...args];
if (asScript) runScript(bundle);
else {
  process.setSourceMapsEnabled(true); // stack traces point into the sources
  await import(pathToFileURL(bundle).href);
}
