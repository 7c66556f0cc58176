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
        // Few, larger chunks: libraries in one vendor chunk (the carousel stays lazy), so a page
        // needs a handful of requests rather than dozens of tiny ones.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](?!embla-carousel|@mantine[\\/]carousel)/ },
            { name: 'ui', test: /src[\\/](ui|chrome)[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
  ssr: { noExternal: [/^@mantine\//, /^@tabler\//, /^@fontsource/] },
});
