import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** A tiny local rule: file names are kebab-case (e.g. `record-engine.ts`, `parser.test.ts`). */
const kebabCase = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    const base = path.basename(context.filename).replace(/(\.(test|bench|config|d))?\.(ts|tsx|js|mjs|mts)$/, '');
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(base)) {
      context.report({ loc: { line: 1, column: 0 }, message: `File name "${path.basename(context.filename)}" must be kebab-case.` });
    }
    return {};
  },
};

/** Import direction rules of docs/design: each zone lists what it must not import. */
const zone = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
});

/**
 * Module boundaries: a product module (a folder of server/modules/) reads another module's data
 * only through that module's `queries.ts`, its one public read API; everything else in the folder
 * is internal. Files at the root of server/modules/ (tenancy.ts, rules.ts, module.ts, index.ts ...)
 * are shared by all modules. One zone per module, all in one rule (a later block would replace it).
 */
const MODULES_DIR = 'server/modules';
const productModules = fs
  .readdirSync(path.join(ROOT, MODULES_DIR), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const moduleZones = productModules.map((name) => ({
  target: `./${MODULES_DIR}/${name}`,
  from: productModules.filter((other) => other !== name).map((other) => `./${MODULES_DIR}/${other}`),
  except: ['./queries.ts'],
  message: 'A module reads another module only through its queries.ts (its public read API).',
}));

/**
 * The menu corpus (test/menu-corpus: truth files, producers, scorer) is kept apart from the code it
 * measures: nothing under server/ may import it, or the extractor could be tuned on its answers.
 * Every server zone below repeats this pattern (a later block replaces an earlier one's options).
 */
const NO_CORPUS = '**/test/menu-corpus/**';
const NO_CORPUS_MESSAGE = 'server/ never imports the menu corpus (test/menu-corpus): it measures the code from outside.';

/** What no file under server/core/ may import (core/filter adds its own purity patterns). */
const CORE_FORBIDDEN = ['**/modules/**', '**/routes/**', '**/http/**', 'fastify', '@fastify/*'];

const WEB_NO_SERVER = ['**/server/**'];
const WEB_NO_SERVER_MESSAGE = 'web never imports server code.';

const WEB_SRC = 'web/src';
const FEATURES = `${WEB_SRC}/features`;

/**
 * The few files a web feature offers to other features (relative to web/src/features): record
 * types and swr reads another area shows. Everything else in a feature folder is private; what two
 * features need besides these belongs in components/, hooks/ or lib/. Keep this list short.
 */
const WEB_FEATURE_PUBLIC_FILES = [
  'menus/types.ts', // Menu records: uploads imports into a menu
  'menus/menu-data.ts', // useVenues: the dashboard's analytics venue filter
  'uploads/types.ts', // Upload records: a venue links its original PDF menu
  'uploads/upload-data.ts', // useUploads: the venue page lists the PDFs to link
];

/**
 * Import zones of web/src (import/no-restricted-paths): a feature reaches another feature only
 * through WEB_FEATURE_PUBLIC_FILES and uses app/ only for paths.ts; the generic folders
 * (components, hooks, lib) never import a feature. One zone per feature folder on disk.
 */
function webFeatureZones() {
  const features = fs
    .readdirSync(path.join(ROOT, FEATURES), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const crossFeature = features.map((feature) => ({
    target: `${FEATURES}/${feature}`,
    from: FEATURES,
    except: [`./${feature}`, ...WEB_FEATURE_PUBLIC_FILES.filter((file) => !file.startsWith(`${feature}/`)).map((file) => `./${file}`)],
    message: `features/${feature} may not reach into another feature: use its public files (WEB_FEATURE_PUBLIC_FILES in eslint.config.js) or move the shared piece to components/, hooks/ or lib/.`,
  }));
  return [
    ...crossFeature,
    {
      target: [`${WEB_SRC}/components`, `${WEB_SRC}/hooks`, `${WEB_SRC}/lib`],
      from: FEATURES,
      message: 'components/, hooks/ and lib/ are generic: they never import a feature.',
    },
    {
      target: FEATURES,
      from: `${WEB_SRC}/app`,
      except: ['./paths.ts'],
      message: 'A feature uses app/paths.ts only; the app shell (routes, guards, layout) imports features, not the other way round.',
    },
  ];
}

export default tseslint.config(
  // Also git-ignored: Lighthouse installed on demand by the bench.
  {
    ignores: [
      'node_modules/**',
      'data/**',
      'uploads/**',
      'dist/**',
      'web/dist/**',
      'drizzle/**',
      'coverage/**',
      'scripts/bench/.lighthouse/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin, local: { rules: { 'kebab-case': kebabCase } } },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'local/kebab-case': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js'],
    },
  },
  /**
   * Import cycles among the product's modules. Test files, test helpers and benches are left out:
   * nothing imports them, so they cannot be part of a cycle, and following their imports was two
   * thirds of the lint's time.
   */
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'web/e2e/**', '**/*.bench.ts', 'bench/**'],
    rules: { 'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }] },
  },
  zone(
    ['shared/**'],
    ['**/server/**', '**/web/**', 'node:*', 'fastify', 'better-sqlite3', 'react'],
    'shared/ imports nothing of ours and no runtime-specific modules.',
  ),
  zone(['server/**'], [NO_CORPUS], NO_CORPUS_MESSAGE),
  {
    files: ['server/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: CORE_FORBIDDEN, message: 'core/ knows collections, not the product or HTTP.' },
            { group: [NO_CORPUS], message: NO_CORPUS_MESSAGE },
          ],
        },
      ],
    },
  },
  // A later `no-restricted-imports` block REPLACES the earlier one for the files it matches, so
  // core/filter repeats the core/ patterns next to its own (scripts/lint-zones.test.ts checks this).
  // Tests may check compiled SQL against a real database; the code itself stays pure.
  {
    files: ['server/core/filter/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: CORE_FORBIDDEN, message: 'core/ knows collections, not the product or HTTP.' },
            { group: ['**/db/**', 'better-sqlite3', 'node:fs'], message: 'core/filter is pure.' },
            { group: [NO_CORPUS], message: NO_CORPUS_MESSAGE },
          ],
        },
      ],
    },
  },
  { files: [`${MODULES_DIR}/**`], rules: { 'import/no-restricted-paths': ['error', { basePath: ROOT, zones: moduleZones }] } },
  {
    files: ['server/routes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/**', 'better-sqlite3', 'drizzle-orm', 'drizzle-orm/*'], message: 'routes call core, never the database.' },
            { group: [NO_CORPUS], message: NO_CORPUS_MESSAGE },
          ],
        },
      ],
    },
  },
  // Browser tests (web/e2e) drive the real server, so only the shipped app is kept apart.
  { ...zone(['web/**'], WEB_NO_SERVER, WEB_NO_SERVER_MESSAGE), ignores: ['web/e2e/**'] },
  // sonner loads with the first toast (web/src/lib/toast.ts), keeping it out of the first load.
  // This block replaces the one above for web/src, so it repeats the server ban (lint-zones.test.ts checks both).
  {
    files: ['web/src/**'],
    ignores: ['web/src/lib/toast.ts', 'web/src/components/toaster/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: WEB_NO_SERVER, message: WEB_NO_SERVER_MESSAGE }],
          paths: [{ name: 'sonner', message: 'Import { toast } from web/src/lib/toast.ts (it loads sonner on first use).' }],
        },
      ],
    },
  },
  // Feature folders (web/README.md): checked on resolved paths, so `../menus/x.ts` and
  // `../../features/menus/x.ts` are the same import. A different rule from the zones above, so
  // neither replaces the other.
  { files: ['web/src/**'], rules: { 'import/no-restricted-paths': ['error', { basePath: ROOT, zones: webFeatureZones() }] } },
  // React's rules of hooks and the React Compiler's checks (eslint-plugin-react-hooks v7). The app
  // does not run the React Compiler, so three compiler-readiness rules that only flag deliberate
  // patterns here are off:
  // - set-state-in-effect: state is reset when an input changes (a dialog closes, the search or a
  //   token changes) and a fetch marks itself loading; rewriting these as state-during-render would
  //   change timing in code the browser tests pin down.
  // - refs: react-hook-form's `handleSubmit(fn)` and `useController` look like ref reads during
  //   render to it (the refs are read when the form is submitted or the field changes).
  // - incompatible-library: only says the compiler would skip a component using react-hook-form's
  //   `watch()`; without the compiler there is nothing to skip.
  {
    ...reactHooks.configs.flat.recommended,
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/incompatible-library': 'off',
    },
  },
  { files: ['**/*.config.js'], languageOptions: { globals: { URL: 'readonly', process: 'readonly' } } },
);
