import fs from 'node:fs';
import type { Plugin } from 'vite';

const MARKER = /^([ \t]*)<!-- page-head: web\/build\/page-head\.html -->$/m;

/**
 * Puts the head both pages share (web/build/page-head.html: meta, icons, manifest, the theme
 * script that runs before the first paint, the Intl warm-up) where index.html and service.html
 * mark it, so the two pages cannot drift apart. The server allows the inline scripts by the hashes
 * it reads from the built pages (server/http/security.ts).
 */
export function pageHead(): Plugin {
  const file = new URL('./page-head.html', import.meta.url);
  return {
    name: 'page-head',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const found = MARKER.exec(html);
        if (!found) throw new Error('page-head: the page has no <!-- page-head: web/build/page-head.html --> marker');
        const indent = found[1] ?? '';
        const head = fs
          .readFileSync(file, 'utf8')
          .trimEnd()
          .split('\n')
          .map((line) => (line ? indent + line : line))
          .join('\n');
        return html.replace(MARKER, head);
      },
    },
  };
}
