import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The phone's entry points and the modules their first screen needs (src/app/routes.tsx fetches
 * the same, and their messages, once the app runs; here the browser starts at once, from the HTML).
 */
const ROUTE_PRELOADS: [RegExp, string[]][] = [
  [/^\/login\/?$/, ['src/features/auth/login-page.tsx']],
  [/^\/dashboard\/?$/, ['src/app/data-provider.tsx', 'src/app/app-layout.tsx', 'src/features/dashboard/dashboard-page.tsx']],
  [/^\/service(\/|$)/, ['src/app/data-provider.tsx', 'src/app/app-layout.tsx', 'src/features/service/service-page.tsx']],
];

/**
 * Adds to index.html a tiny inline script (allowed by the CSP through its hash, as the others) that
 * modulepreloads the current route's chunks and their imports: on a slow network the page's code
 * then arrives with the entry instead of a round trip or two after it (issue 23 item 6).
 */
function routePreload(): Plugin {
  return {
    name: 'route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: Rollup.OutputChunk, into = new Set<string>()): Set<string> => {
          if (into.has(start.fileName)) return into;
          into.add(start.fileName);
          for (const f of start.imports) {
            const c = byFile.get(f);
            if (c) closure(c, into);
          }
          return into;
        };
        const initial = new Set<string>();
        for (const c of chunks) if (c.isEntry) closure(c, initial);
        const table = ROUTE_PRELOADS.map(([path, modules]) => {
          const files = new Set<string>();
          for (const m of modules) {
            const chunk = chunks.find((c) => c.facadeModuleId === `${root}${m}`);
            if (!chunk) throw new Error(`route-preload: no chunk for ${m}`);
            for (const f of closure(chunk)) if (!initial.has(f)) files.add(`/${f}`);
          }
          return [path.source, [...files]];
        });
        const script = `(function(p){var m=${JSON.stringify(table)};for(var i=0;i<m.length;i++)if(new RegExp(m[i][0]).test(p)){for(var j=0;j<m[i][1].length;j++){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=m[i][1][j];document.head.appendChild(l)}break}})(location.pathname)`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}

/** The staff SPA: built into web/dist, served by the Fastify server (API proxied in dev). */
export default defineConfig({
  root,
  plugins: [react(), routePreload()],
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
