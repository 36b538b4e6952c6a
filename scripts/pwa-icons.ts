/**
 * The staff app's home-screen icons (service mode is installable as a PWA): PNGs rendered from the
 * SVG sources in web/icons/ by librsvg's `rsvg-convert` (Debian: librsvg2-bin), written to
 * web/public/icons/ and committed, so neither the build nor the image needs the tool.
 *   npx tsx scripts/pwa-icons.ts
 * - icon-{192,512}.png: the app icon (rounded, transparent corners), purpose "any";
 * - icon-maskable-512.png: full-bleed background, the mark inside the 80 % safe zone, purpose "maskable";
 * - apple-touch-icon.png (180 px): full-bleed too (iOS rounds the corners itself, and would fill
 *   transparent ones with black).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'web', 'icons');
const out = path.join(root, 'web', 'public', 'icons');
fs.mkdirSync(out, { recursive: true });

const ICONS: [source: string, size: number, name: string][] = [
  ['icon.svg', 192, 'icon-192.png'],
  ['icon.svg', 512, 'icon-512.png'],
  ['icon-maskable.svg', 512, 'icon-maskable-512.png'],
  ['icon-maskable.svg', 180, 'apple-touch-icon.png'],
];

for (const [source, size, name] of ICONS) {
  execFileSync('rsvg-convert', ['-w', String(size), '-h', String(size), '-o', path.join(out, name), path.join(src, source)]);
  console.log(`${name} (${size}×${size})`);
}
