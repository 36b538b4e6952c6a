import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/** A tiny local rule: file names are kebab-case (e.g. `record-engine.ts`, `parser.test.ts`). */
const kebabCase = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    const base = path.basename(context.filename).replace(/(\.(test|bench|config|d))?\.(ts|tsx|js|mjs)$/, '');
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
const productModules = fs.readdirSync(path.join(root, MODULES_DIR), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const moduleZones = productModules.map((name) => ({
  target: `./${MODULES_DIR}/${name}`,
  from: productModules.filter((other) => other !== name).map((other) => `./${MODULES_DIR}/${other}`),
  except: ['./queries.ts'],
  message: 'A module reads another module only through its queries.ts (its public read API).',
}));

/** What no file under server/core/ may import (core/filter adds its own purity patterns). */
const CORE_FORBIDDEN = ['**/modules/**', '**/routes/**', '**/http/**', 'fastify', '@fastify/*'];

export default tseslint.config(
  // Also git-ignored: Lighthouse installed on demand by the bench.
  { ignores: ['node_modules/**', 'data/**', 'uploads/**', 'dist/**', 'web/dist/**', 'drizzle/**', 'coverage/**', 'scripts/bench/.lighthouse/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin, local: { rules: { 'kebab-case': kebabCase } } },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'import/no-cycle': ['error', { maxDepth: 10 }],
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
  zone(['shared/**'], ['**/server/**', '**/web/**', 'node:*', 'fastify', 'better-sqlite3', 'react'], 'shared/ imports nothing of ours and no runtime-specific modules.'),
  zone(['server/core/**'], CORE_FORBIDDEN, 'core/ knows collections, not the product or HTTP.'),
  // A later `no-restricted-imports` block REPLACES the earlier one for the files it matches, so
  // core/filter repeats the core/ patterns next to its own (scripts/lint-zones.test.ts checks this).
  // Tests may check compiled SQL against a real database; the code itself stays pure.
  {
    files: ['server/core/filter/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: CORE_FORBIDDEN, message: 'core/ knows collections, not the product or HTTP.' },
          { group: ['**/db/**', 'better-sqlite3', 'node:fs'], message: 'core/filter is pure.' },
        ],
      }],
    },
  },
  { files: [`${MODULES_DIR}/**`], rules: { 'import/no-restricted-paths': ['error', { basePath: root, zones: moduleZones }] } },
  zone(['server/routes/**'], ['**/db/**', 'better-sqlite3', 'drizzle-orm', 'drizzle-orm/*'], 'routes call core, never the database.'),
  // Browser tests (web/e2e) drive the real server, so only the shipped app is kept apart.
  { ...zone(['web/**'], ['**/server/**'], 'web never imports server code.'), ignores: ['web/e2e/**'] },
  // sonner loads with the first toast (web/src/lib/toast.ts), keeping it out of the first load.
  {
    files: ['web/src/**'],
    ignores: ['web/src/lib/toast.ts', 'web/src/components/toaster/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'web never imports server code.' }], paths: [{ name: 'sonner', message: "Import { toast } from web/src/lib/toast.ts (it loads sonner on first use)." }] }] },
  },
  { files: ['**/*.config.js'], languageOptions: { globals: { URL: 'readonly', process: 'readonly' } } },
);
