import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The staff SPA: built into web/dist, served by the Fastify server (API proxied in dev). */
export default defineConfig({
  root,
  plugins: [react()],
  // zod is configured where it is first evaluated (src/lib/zod-configured.ts), never eagerly.
  resolve: { alias: [{ find: /^zod$/, replacement: `${root}src/lib/zod-configured.ts` }] },
  css: { postcss: root },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, i18next, the SDK, the router, the shell)
          // in one chunk instead of some twenty: on a phone each request costs a round trip.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8090', '/ingest': 'http://127.0.0.1:8090', '/m/': 'http://127.0.0.1:8090' },
  },
});
