// ESLint flat config. The import rules here are the project's architecture (README, "Import rules"):
// each zone below says which folder may not import which, and why.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const blockFolders = readdirSync('src/blocks', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'generated')
  .map((entry) => entry.name);
/**
 * Code that runs in the browser: it must never pull zod or the build-time engine into the bundle. In a block's
 * folder that is everything but its schema.ts, its definition (block.ts) and its build-time data (`*-data.ts`).
 */
const BROWSER_CODE = [
  'src/vocabulary/**',
  'src/lib/**',
  'src/theme/**',
  'src/site/**',
  'src/hydration/**',
  'src/ui/**',
  'src/toasts/**',
  'src/leads/**',
  'src/widgets/**',
  'src/chrome/**',
  'src/blocks/*/*.{ts,tsx}',
  'src/islands.ts',
  'src/page-start.ts',
  'src/main.ts',
  'src/editor/app/**',
  'src/editor/shared/**',
  'src/editor/protocol.ts',
];
const APP = ['./src/render', './src/dev', './src/islands.ts', './src/page-start.ts', './src/main.ts'];
/** The project's code but the visual editor (src/editor/, which none of it may import) and the tests (which test it). */
const NOT_EDITOR = [
  ...readdirSync('src', { withFileTypes: true })
    .filter((entry) => entry.name !== 'editor')
    .map((entry) => `./src/${entry.name}`),
  './scripts/build',
  './bench',
  './server',
];
const UI = ['./src/site', './src/hydration', './src/ui', './src/toasts', './src/leads', './src/widgets', './src/chrome', './src/blocks'];

/**
 * One-way layers (README, "Architecture"). Browser side: vocabulary and lib at the bottom; theme; hydration; site;
 * ui; leads and toasts; widgets; chrome; blocks; then render, dev, islands and main on top. Build time: the engine's
 * content model (engine/model) under the blocks, which stand on it; loading and checking the content (engine/load)
 * over the blocks, whose schemas it reads; the engine's tooling (engine/tooling: codegen, reference, scaffold) over
 * that. A page's path, JSON to HTML: engine/load, then src/render, then the build (scripts/build).
 */
const layerZones = [
  {
    target: './src/vocabulary',
    from: './src',
    except: ['./vocabulary'],
    message: 'src/vocabulary is the ground floor (icon names, button variants, text styles): plain lists that import nothing.',
  },
  { target: './src/lib', from: './src', except: ['./lib'], message: 'src/lib holds plain utilities and imports nothing else of src.' },
  {
    target: './src/theme',
    from: './src',
    except: ['./theme', './lib', './vocabulary'],
    message: 'The theme depends only on src/lib and src/vocabulary.',
  },
  {
    target: './src/hydration',
    from: './src',
    except: ['./hydration', './lib'],
    message: 'The hydration module is infrastructure: it knows nothing of the site (the site hands it the providers islands render in).',
  },
  {
    target: './src/site',
    from: './src',
    except: ['./site', './lib', './theme', './vocabulary', './engine/model/site-data.ts'],
    message: "src/site gives components the site's data and theme; it imports only what it provides.",
  },
  {
    target: './src/ui',
    from: './src',
    except: ['./ui', './lib', './theme', './vocabulary'],
    message: 'src/ui is shared presentation; it imports only lib, theme and vocabulary.',
  },
  {
    target: './src/leads/contract',
    from: './src',
    except: ['./leads/contract'],
    message: "The lead endpoint's contract is shared with the server: plain TypeScript that imports nothing (and never React).",
  },
  {
    target: ['./src/leads', './src/toasts'],
    from: ['./src/widgets', './src/chrome', './src/blocks', ...APP],
    message: 'Lead capture and toasts sit below widgets, chrome and blocks.',
  },
  {
    target: './src/widgets',
    from: ['./src/chrome', './src/blocks', ...APP],
    message: 'Widgets (chat, phone, video) are shared by chrome and blocks, and import neither.',
  },
  { target: './src/chrome', from: ['./src/blocks', ...APP], message: 'The site chrome does not import blocks or the app layer.' },
  {
    target: './src/blocks',
    from: ['./src/chrome', ...APP],
    message: 'Blocks do not import the site chrome or the app layer; shared pieces live in src/widgets or src/ui.',
  },
  {
    target: './src/engine',
    from: ['./src/theme', ...UI.filter((layer) => layer !== './src/blocks'), ...APP],
    message: 'The engine is build-time code; it reads block schemas and definitions (src/blocks) but no UI.',
  },
  {
    target: './src/engine/model',
    from: ['./src/blocks', './src/engine/load', './src/engine/tooling'],
    message:
      'The content model is what blocks stand on (fields, links, money, collections, the render context): it imports no block, nor loading or tooling.',
  },
  {
    target: './src/blocks',
    from: ['./src/engine/load', './src/engine/tooling'],
    message: 'Blocks stand on the content model (src/engine/model) alone; loading the content reads the blocks, not the other way.',
  },
  {
    target: './src/engine/load',
    from: './src/engine/tooling',
    message: 'Loading and checking the content needs none of the tooling (codegen, reference, scaffold): tooling uses it.',
  },
  {
    target: './src/render',
    from: ['./src/engine/tooling', './src/dev'],
    message: "The renderer renders loaded content; the dev server (src/dev) and the engine's tooling sit above it.",
  },
  {
    target: './server',
    from: './src',
    except: ['./leads/contract'],
    message: "The lead server imports nothing of src/ but the lead endpoint's contract (src/leads/contract): it must never load React.",
  },
  {
    target: './server',
    from: './scripts',
    message:
      'The lead server does not run build scripts; `npm start` (scripts/tools/start.ts) checks the build before it starts the server.',
  },
  {
    target: './scripts',
    from: UI.filter((layer) => layer !== './src/leads'),
    message: 'Scripts drive the engine and the built bundles; they do not load UI code.',
  },
  {
    target: ['./scripts', './bench'],
    from: './src/leads',
    except: ['./contract'],
    message: "Scripts and benchmarks use the lead endpoint's contract (src/leads/contract), not the browser's lead code.",
  },
  {
    target: './bench',
    from: UI.filter((layer) => layer !== './src/leads' && layer !== './src/widgets'),
    message: 'Benchmarks drive the engine, the built site and the servers; they do not load UI code.',
  },
  {
    target: './bench',
    from: './src/widgets',
    except: ['./filters/filter-items.ts'],
    message: 'Benchmarks do not load UI code (the library benchmark times the filter rules, plain functions).',
  },
];

/**
 * Commands (scripts/), benchmarks (bench/), tests (tests/, and the tests in src/) and what the last two share
 * (test-support/): tests and benchmarks run the commands, neither imports the other, and nothing the site or a
 * command runs imports a test helper.
 */
const supportZones = [
  {
    target: ['./scripts', './server', 'src/**/!(*.test).{ts,tsx}'],
    from: ['./tests', './bench'],
    message: 'Commands, the server and the site import no test or benchmark code.',
  },
  {
    target: ['./scripts/build', './server', 'src/**/!(*.test).{ts,tsx}'],
    from: './test-support',
    message: 'The build, the server and the site import no test helper (a developer tool such as `npm run screenshots` may).',
  },
  {
    target: './test-support',
    from: ['./tests', './bench'],
    message: 'test-support/ is what tests and benchmarks share: it imports neither.',
  },
  { target: './bench', from: './tests', message: 'Benchmarks import what they share with tests from test-support/, not tests.' },
  { target: './tests', from: './bench', message: 'Tests import what they share with benchmarks from test-support/, not benchmarks.' },
];

/**
 * The visual editor, in one home (src/editor/): its browser app (app/), its server side (server/: endpoints, drafts,
 * the preview renderer, which a dev server or the editor's own server mounts) and the protocol they share. Nothing of
 * the site imports it, so it stays out of dist/ (vite.config.ts mounts it in the dev server); the browser app reaches its
 * server only through the protocol, and the protocol holds types and constants alone. The hosted editor's own server
 * (host/: Node only) imports none of the browser app or the site's UI; its commands in scripts/tools/ may import it.
 */
const editorZones = [
  {
    target: './test-support',
    from: './src/editor',
    except: ['./host'],
    message:
      "Tests and benchmarks share the hosted editor's server (src/editor/host/: started as npm run editor starts it), never the rest of the editor.",
  },
  {
    target: NOT_EDITOR,
    from: './src/editor',
    message: 'Nothing of the site imports the visual editor (src/editor/): a server mounts it, and the build never sees it.',
  },
  {
    target: './src/editor/app',
    from: ['./src/editor/server', './src/render'],
    except: ['./dev/live-preview-protocol.ts'],
    message: "The editor's browser app reaches its server through the shared protocol (src/editor/protocol.ts), not the server's modules.",
  },
  {
    target: './src/editor/shared',
    from: ['./src/editor/app', './src/editor/server'],
    message:
      "src/editor/shared holds what the editor's browser app and its servers both run (JSON paths, the three-way merge, a place in words): plain functions that import neither.",
  },
  {
    target: './src/editor/server',
    from: './src/editor/app',
    message: "The editor's server side does not import the browser app: they share src/editor/protocol.ts.",
  },
  {
    target: './scripts/tools',
    from: './src/editor',
    except: ['./host'],
    message:
      "Commands do not import the visual editor, but for the hosted editor's own commands (`npm run editor:user`), which use its Node server code (src/editor/host/).",
  },
  {
    target: './src/editor/host',
    from: ['./src/editor/app', './src/theme', ...UI.filter((layer) => layer !== './src/leads' && layer !== './src/blocks')],
    message:
      "The hosted editor's server (src/editor/host/) is Node code: it serves the browser app built, and imports none of it or of the site's UI.",
  },
  {
    target: './src/editor/host',
    from: './src/blocks',
    except: ['./generated'],
    message: "The hosted editor's server names sections by the block registry (src/blocks/generated), never by a block's own code.",
  },
  {
    target: './src/editor/host',
    from: './src/leads',
    except: ['./contract'],
    message: "The hosted editor's server uses the email rule (src/leads/contract), not the browser's lead code.",
  },
  {
    target: './src/editor/app',
    from: ['./src/chrome', './src/blocks', './src/widgets', './src/leads', './src/toasts'],
    message: "The editor is no part of the site: it forms pages from the schemas and previews them through its server's renderer.",
  },
];

/** Blocks do not import each other; only the generated registries (src/blocks/generated/) import block folders. */
const blockZones = [
  ...blockFolders.map((block) => ({
    target: `./src/blocks/${block}`,
    from: './src/blocks',
    except: [`./${block}`, './define-block.ts', './categories.ts', './renderable.tsx'],
    message: 'Blocks do not import each other: move what they share to src/ui or src/widgets.',
  })),
  {
    target: [
      './src/engine',
      './src/ui',
      './src/lib',
      './src/theme',
      './src/hydration',
      './src/site',
      './src/toasts',
      './src/leads',
      './src/widgets',
      './src/chrome',
    ],
    from: blockFolders.map((block) => `./src/blocks/${block}`),
    except: [],
    message: 'Only the generated registries (src/blocks/generated/) import block folders.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-pseudo/**', '.prerender/**', '.editor-build/**', '.bench/**', 'node_modules/**', 'schemas/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...blockZones, ...editorZones, ...supportZones] }],
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      // A circle of imports has no bottom layer: it makes load order matter and hides what depends on what.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Components and the custom hooks they share (use-url-filters.ts, useScrolledPast.ts, ...).
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // zod describes content and requests: the engine, each block's schema.ts, and the lead server's
    // request schema. Nowhere else, so it never reaches the browser bundle.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    // A test may import zod and the tests' copy of the site data.
    ignores: [
      'src/engine/**',
      'src/blocks/*/schema.ts',
      'src/blocks/*/block.ts',
      'src/blocks/generated/blocks.ts',
      'src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*'],
              message: 'Only the engine (src/engine), block schemas (src/blocks/*/schema.ts) and the lead server (server/) import zod.',
            },
          ],
          paths: [
            {
              name: 'virtual:site-data',
              message:
                "Components read the site's data with useSiteData() (src/site/site-data.tsx); virtual:site-data is the tests' copy of it.",
            },
          ],
        },
      ],
    },
  },
  {
    // Browser code may use the engine's and schemas' types, never their values (they would bring zod along).
    files: BROWSER_CODE,
    ignores: ['src/blocks/*/schema.ts', 'src/blocks/*/block.ts', 'src/blocks/*/*-data.ts', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine/*/*', '!**/engine/model/routes'],
              allowTypeImports: true,
              message: 'Browser code imports only types from the build-time engine.',
            },
            {
              group: ['./schema', '**/blocks/*/schema'],
              allowTypeImports: true,
              message: 'A block component imports only the type of its schema (zod stays out of the browser).',
            },
          ],
        },
      ],
    },
  },
  {
    // The editor's browser app words its instant checks with the link rules themselves (src/engine/model/links.ts:
    // plain lists, no zod); everything else of the engine it imports as types only.
    files: ['src/editor/app/**', 'src/editor/shared/**', 'src/editor/protocol.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine/*/*', '!**/engine/model/routes', '!**/engine/model/links'],
              allowTypeImports: true,
              message: 'Browser code imports only types from the build-time engine.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'test-support/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The unit project shares one module cache between its files (vitest.config.ts): a module replaced with vi.mock
    // there would stay replaced for the files after it. Such a file is listed in UNIT_WITH_MOCKED_MODULES instead.
    files: ['tests/unit/**/*.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    ignores: ['tests/unit/render-page.test.tsx', 'tests/unit/content-files-signature.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|resetModules)$/]",
          message:
            'This file shares its module cache with the other unit files: list it in UNIT_WITH_MOCKED_MODULES in vitest.config.ts (and in the ignores of this rule) to mock a module.',
        },
      ],
    },
  },
);
