import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { CONTENT_DIR } from './src/engine/content-env';
import { contentPlugin } from './src/engine/vite-plugin-content';

export default defineConfig({
  plugins: [react(), contentPlugin()],
  resolve: { alias: { '@content': CONTENT_DIR } },
  // One stylesheet for the whole site: prerendered pages are styled before any block's code-split JS loads.
  build: {
    manifest: true,
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // What every page runs (React, the router, Mantine's core) in one chunk rather than dozens
        // of small ones, which compress worse; everything else splits by where it is used.
        codeSplitting: {
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@mantine[\\/]core[\\/]esm[\\/]core)[\\/]/ }],
        },
      },
    },
  },
  ssr: { noExternal: [/^@mantine\//, /^@tabler\//, /^@fontsource/] },
});
