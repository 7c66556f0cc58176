import { defineConfig, type ConfigEnv, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import mantinePreset from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';
import { editorPlugin } from './src/editor/server/editor-plugin';
import { lazyContentState } from './src/engine/load/content-state';
import { devServerPlugin } from './src/dev/vite-plugin-dev-server';
import { breakpoints } from './src/theme/breakpoints';
import { lazyMantineDefaultVariables } from './scripts/build/lazy-mantine-default-variables';

/** CSS writes `@mixin smaller-than $mantine-breakpoint-sm`: the breakpoints come from the theme's one definition. */
const breakpointVariables = Object.fromEntries(Object.entries(breakpoints).map(([name, value]) => [`mantine-breakpoint-${name}`, value]));

/**
 * The site's Vite configuration (scripts/build/build.ts builds with it). The bundles carry no content: pages are
 * prerendered with it, and islands load their language's site data (src/site/page-site-data.ts).
 */
export function siteConfig({ command, isSsrBuild }: Pick<ConfigEnv, 'command' | 'isSsrBuild'>): UserConfig {
  // The content as `npm run dev` validates it: its live preview and the visual editor share it.
  const content = lazyContentState();
  return {
    plugins: [react({ jsxImportSource: '#jsx' }), lazyMantineDefaultVariables(), editorPlugin(content), devServerPlugin(content)],
    appType: 'custom',
    // The browser entries, transformed before the first page asks for them (npm run dev).
    server: { warmup: { clientFiles: ['./src/main.ts', './src/dev/live-preview.ts'] } },
    css: { postcss: { plugins: [mantinePreset(), simpleVars({ variables: breakpointVariables })] } },
    build: {
      manifest: true,
      // One stylesheet for the whole site, written by the prerender build (which sees every component,
      // static sections included); browser chunks never inject CSS of their own.
      cssCodeSplit: false,
      ssrEmitAssets: true,
      // The prerender bundle is one file: split into chunks, a chunk's CSS could land before Mantine's
      // in the one stylesheet and lose the cascade. The browser bundle splits by island.
      rolldownOptions: isSsrBuild
        ? { output: { codeSplitting: false } }
        : {
            input: 'src/main.ts',
            preserveEntrySignatures: false,
            output: {
              // React, React DOM, Mantine's core and the project's JSX runtime (src/lib/jsx/) in one chunk (every
              // island needs them), and common chunks under 4 kB copied into their importers: a page loads a
              // handful of scripts.
              codeSplitting: {
                experimentalInlineCommonChunks: { maxSize: 4096 },
                groups: [
                  {
                    name: 'framework',
                    test: /node_modules[\\/](react|react-dom|scheduler|@mantine[\\/]core[\\/]esm[\\/]core)[\\/]|src[\\/]lib[\\/](jsx[\\/]|foreign-text)/,
                  },
                ],
              },
            },
          },
    },
    // The prerender bundle inlines these so their ESM is tree-shaken (thousands of icon modules otherwise);
    // the dev server loads them from node_modules, which starts in a second rather than half a minute.
    ssr: { noExternal: command === 'build' ? [/^@mantine\//, /^@tabler\//, /^@fontsource/] : [/^@fontsource/] },
  };
}

export default defineConfig((env) => siteConfig(env));
