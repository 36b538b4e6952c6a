import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { iconData, iconImports } from './build/icon-imports.ts';
import { pageHead } from './build/page-head.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The phone's entry points and the modules their first screen needs (src/app/routes.tsx fetches
 * the same, and their messages, once the app runs; here the browser starts at once, from the HTML).
 */
const ROUTE_PRELOADS: [RegExp, string[], string[]][] = [
  [/^\/login\/?$/, ['src/features/auth/login-page.tsx'], ['auth']],
  [/^\/dashboard\/?$/, ['src/app/data-provider.tsx', 'src/app/app-layout.tsx', 'src/features/dashboard/dashboard-page.tsx'], ['dashboard']],
];

/**
 * The language the app will start in, as lib/i18n/i18n.ts's `initialLanguage` picks it (the stored
 * account's, the last one used here, the browser's, English), in the inline script's ES5; `M` holds
 * the languages that have messages.
 */
const PICK_LANGUAGE = `function(){try{var a=JSON.parse(localStorage.getItem('pocketbase_auth')||'null'),r=a&&a.record&&a.record.language;if(M[r])return r;var s=localStorage.getItem('language');if(M[s])return s}catch(e){}var n=navigator.languages||[navigator.language];for(var i=0;i<n.length;i++){if(!n[i])continue;var t=n[i].toLowerCase();if(M[t])return t;t=t.split(/[-_]/)[0];if(M[t])return t}return 'en'}`;

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
        // The messages the first screen needs (common and the page's namespace), per language: the
        // browser fetches them with the entry, not once the entry has run and i18next asks.
        const messages: Record<string, Record<string, string>> = {};
        for (const c of chunks) {
          const m = /src\/locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(c.facadeModuleId ?? '');
          if (m?.[1] && m[2] && (m[2] === 'common' || ROUTE_PRELOADS.some(([, , ns]) => ns.includes(m[2] as string))))
            (messages[m[1]] ??= {})[m[2]] = `/${c.fileName}`;
        }
        if (!messages.en?.common) throw new Error('route-preload: no chunk for the English common messages');
        const table = ROUTE_PRELOADS.map(([path, modules, namespaces]) => {
          const files = new Set<string>();
          for (const m of modules) {
            // Its own chunk, or the chunk it was put in (a phone chunk may hold it without a facade).
            const id = `${root}${m}`;
            const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
            if (!chunk) throw new Error(`route-preload: no chunk for ${m}`);
            for (const f of closure(chunk)) if (!initial.has(f)) files.add(`/${f}`);
          }
          return [path.source, [...files], ['common', ...namespaces]];
        });
        const script = `(function(p){var m=${JSON.stringify(table)},M=${JSON.stringify(messages)};function add(h){if(!h)return;var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)}for(var i=0;i<m.length;i++)if(new RegExp(m[i][0]).test(p)){for(var j=0;j<m[i][1].length;j++)add(m[i][1][j]);var g=(${PICK_LANGUAGE})(),L=g==='en'?['en']:[g,'en'];for(var k=0;k<L.length;k++)for(j=0;j<m[i][2].length;j++)add(M[L[k]][m[i][2][j]]);break}})(location.pathname)`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}

/**
 * The pages a phone opens, by the lazy module each starts from: the signed-in shell (layout and
 * data provider, loaded by every signed-in page) and the dashboard. Service mode is a page of its
 * own, built by vite-service.config.ts.
 */
const PHONE_ROOTS: [string, RegExp][] = [
  ['signed-in', /\/src\/app\/(app-layout|data-provider)\.tsx$/],
  ['dashboard', /\/src\/features\/dashboard\/dashboard-page\.tsx$/],
  // What sign-in shares with them stays in small chunks of its own: signing in does not download
  // the shell or the dashboard.
  ['sign-in', /\/src\/features\/auth\/login-page\.tsx$/],
];

/**
 * Which phone chunk a module goes into: none when sign-in imports it; the shell's, when the shell
 * imports it; the dashboard's, when only the dashboard does (other pages that import it load that chunk too); else none
 * (automatic chunking; icons are imported one module each, build/icon-imports.ts). On a slow network each of the forty small chunks the
 * automatic split gave the dashboard cost a request over six connections.
 */
function phoneChunk(id: string, ctx: Rollup.ChunkingContext): string | null {
  const roots = phoneRootsOf(id, ctx, new Map());
  if (roots.has('sign-in')) return null;
  if (roots.has('signed-in')) return 'signed-in';
  return roots.size === 1 ? ([...roots][0] as string) : null;
}

/** The phone roots whose static imports reach `id` (memoised per module within one call). */
function phoneRootsOf(id: string, ctx: Rollup.ChunkingContext, memo: Map<string, Set<string>>): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const roots = new Set<string>();
  memo.set(id, roots);
  const own = PHONE_ROOTS.find(([, test]) => test.test(id));
  if (own) roots.add(own[0]);
  for (const importer of ctx.getModuleInfo(id)?.importers ?? []) for (const r of phoneRootsOf(importer, ctx, memo)) roots.add(r);
  return roots;
}

/**
 * In development (`npm run dev:web`), `/service` and `/service/<venue>` open service mode's own
 * page, as the server does (server/routes/web.ts): the app would otherwise load itself and hand
 * over to that page again and again.
 */
function servicePageInDev(): Plugin {
  return {
    name: 'service-page-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/service(\/[^/?]+)?\/?(\?|$)/.test(req.url)) req.url = '/service.html';
        next();
      });
    },
  };
}

/** The staff SPA: built into web/dist, served by the Fastify server (API proxied in dev). */
export default defineConfig({
  root,
  plugins: [pageHead(), iconImports(), iconData(), react(), routePreload(), servicePageInDev()],
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
        // The entry keeps its name once it holds every initial module (no separate `app` group chunk).
        entryFileNames: 'assets/app-[hash].js',
        codeSplitting: {
          // Everything the entry imports statically (React, i18next, the SDK, the router, the shell)
          // in one chunk instead of some twenty: on a phone each request costs a round trip.
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The phone's signed-in pages, a few chunks each instead of some forty (issue 23 item 6).
            { name: phoneChunk, debugName: 'phone', priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8090', '/ingest': 'http://127.0.0.1:8090', '/m/': 'http://127.0.0.1:8090' },
  },
});
