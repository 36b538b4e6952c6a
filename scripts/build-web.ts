/**
 * Builds the SPA when its sources are newer than the last build (npm start runs this), then
 * writes brotli and gzip siblings of every text asset so the server never compresses per request.
 *   tsx scripts/build-web.ts              build if needed
 *   tsx scripts/build-web.ts --force      always build
 *   tsx scripts/build-web.ts --out <dir>  always build, into <dir> instead of web/dist (tests)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const outAt = process.argv.indexOf('--out');
const outArg = outAt === -1 ? undefined : process.argv[outAt + 1];
const dist = outArg ? path.resolve(outArg) : path.join(root, 'web', 'dist');
const marker = path.join(dist, 'index.html');

function newest(dir: string): number {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return max;
}

function needsBuild(): boolean {
  if (outArg || process.argv.includes('--force') || !fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  return Math.max(newest(path.join(root, 'web')), newest(path.join(root, 'shared'))) > built;
}

function compress(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      count += compress(full);
      continue;
    }
    if (!/\.(m?js|css|html|svg|json|txt|webmanifest)$/.test(entry.name)) continue;
    const data = fs.readFileSync(full);
    if (data.length < 512) continue;
    fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}

if (needsBuild()) {
  // The React app, then service mode's own page (web/vite-service.config.ts) into the same folder.
  for (const [config, empty] of [
    ['web/vite.config.ts', true],
    ['web/vite-service.config.ts', false],
  ] as const) {
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--config',
        config,
        '--logLevel',
        'warn',
        '--outDir',
        dist,
        ...(empty ? ['--emptyOutDir'] : []),
      ],
      {
        cwd: root,
        stdio: 'inherit',
        // Under vitest NODE_ENV is "test", which would bundle React's development build.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
  }
  console.log(`web app built; pre-compressed ${compress(dist)} assets`);
} else {
  console.log('web app is up to date');
}
