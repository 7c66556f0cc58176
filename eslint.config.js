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
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * Code that runs in the browser: it must never pull zod or the build-time engine into the bundle. In a block's
 * folder that is everything but its schema.ts and its build-time data (`*-data.ts`, computed while prerendering).
 */
const BROWSER_CODE = [
  'src/ui/**',
  'src/lib/**',
  'src/theme/**',
  'src/hydration/**',
  'src/leads/**',
  'src/widgets/**',
  'src/chrome/**',
  'src/blocks/*/*.{ts,tsx}',
  'src/islands.ts',
  'src/main.ts',
];
const APP = ['./src/render', './src/islands.ts', './src/main.ts'];

/** One-way layers: lib and theme < hydration, ui < leads < widgets < chrome, blocks < render, islands, main. */
const layerZones = [
  { target: './src/lib', from: './src', except: ['./lib'], message: 'src/lib holds plain utilities and imports nothing else of src.' },
  { target: './src/theme', from: './src', except: ['./theme', './lib'], message: 'The theme depends only on src/lib.' },
  {
    target: './src/hydration',
    from: './src',
    except: ['./hydration', './lib', './theme'],
    message: 'The hydration module is infrastructure: it knows nothing of the site.',
  },
  {
    target: './src/ui',
    from: './src',
    except: ['./ui', './lib', './theme'],
    message: 'src/ui is shared presentation; it imports only lib and theme.',
  },
  {
    target: './src/leads',
    from: ['./src/widgets', './src/chrome', './src/blocks', ...APP],
    message: 'Lead capture sits below widgets, chrome and blocks.',
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
    from: ['./src/chrome', './src/widgets', './src/hydration', './src/leads', './src/theme', ...APP],
    message: 'The engine is build-time code; it may read block schemas (src/blocks/schemas.ts) but no UI.',
  },
];

/** Blocks do not import each other; only the registries (src/blocks/*.ts, src/islands.ts, src/render) import block folders. */
const blockZones = [
  ...blockFolders.map((block) => ({
    target: `./src/blocks/${block}`,
    from: './src/blocks',
    except: [`./${block}`],
    message: 'Blocks do not import each other: move what they share to src/ui or src/widgets.',
  })),
  {
    target: ['./src/engine', './src/ui', './src/lib', './src/theme', './src/hydration', './src/leads', './src/widgets', './src/chrome'],
    from: blockFolders.map((block) => `./src/blocks/${block}`),
    except: [],
    message: 'Only the registries (src/blocks/schemas.ts, src/blocks/components.ts, src/islands.ts) import block folders.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', '.prerender/**', '.bench/**', 'node_modules/**', 'schemas/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...blockZones] }],
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
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
    ignores: ['src/engine/**', 'src/blocks/*/schema.ts'],
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
        },
      ],
    },
  },
  {
    // Browser code may use the engine's and schemas' types, never their values (they would bring zod along).
    files: BROWSER_CODE,
    ignores: ['src/blocks/*/schema.ts', 'src/blocks/*/*-data.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine/*', '!**/engine/routes'],
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
    files: ['tests/**/*.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
