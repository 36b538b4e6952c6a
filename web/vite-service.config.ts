import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { iconData } from './build/icon-imports.ts';
import { pageHead } from './build/page-head.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Service mode's own page (service.html, src/service-main.ts), built apart from the React app so
 * that none of React, swr or the router lands in its chunks (issue 23 item 6: a phone's first load
 * of at most 100 KB gzipped). Built after the app, into the same folder (scripts/build-web.ts).
 */
export default defineConfig({
  root,
  plugins: [pageHead(), iconData()],
  css: { postcss: root },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: { input: { service: `${root}service.html` } },
  },
});
