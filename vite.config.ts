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
  },
  ssr: { noExternal: [/^@mantine\//, /^@tabler\//, /^@fontsource/] },
});
