import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { CONTENT_DIR } from './src/engine/content-env';
import { contentPlugin } from './src/engine/vite-plugin-content';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), contentPlugin()],
  resolve: { alias: { '@content': CONTENT_DIR } },
  // One stylesheet for the whole site: prerendered pages are styled before any block's code-split JS loads.
  build: {
    manifest: true,
    cssCodeSplit: false,
    // The browser bundle only: the prerenderer's bundle keeps its entry's exports.
    rolldownOptions: isSsrBuild ? {} : {
      preserveEntrySignatures: false,
      output: {
        // What every page runs (React, the router, Mantine's core) in one chunk, and common chunks
        // under 4 kB copied into their importers: a page loads a handful of scripts, not dozens of
        // tiny ones (each a request and a task, and worse compression). The rest splits by use.
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 4096 },
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@mantine[\\/]core[\\/]esm[\\/]core)[\\/]/ }],
        },
      },
    },
  },
  ssr: { noExternal: [/^@mantine\//, /^@tabler\//, /^@fontsource/] },
}));
