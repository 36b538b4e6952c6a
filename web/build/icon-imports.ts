import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Rewrites `import { Store, Tag as Label } from 'lucide-react'` in the app's sources into one
 * import per icon module (`lucide-react/icons/store`). Through the package's index every page
 * seemed to import every icon, so the phone chunks (vite.config.ts) could not tell which page uses
 * which icon and carried all of them. Type imports and the package's other exports stay as written.
 */
export function iconImports(): Plugin {
  let files: Map<string, string> | null = null;
  return {
    name: 'icon-imports',
    enforce: 'pre',
    transform: {
      filter: { id: /\/web\/src\/.*\.tsx?$/, code: /from\s+['"]lucide-react['"]/ },
      handler(code) {
        files ??= iconFiles();
        const known = files;
        let changed = false;
        const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g, (statement, list: string) => {
          const rest: string[] = [];
          const direct: string[] = [];
          for (const raw of list.split(',')) {
            const spec = raw.trim();
            if (!spec) continue;
            const [name, alias = name] = spec.split(/\s+as\s+/) as [string, string?];
            const file = spec.startsWith('type ') ? undefined : known.get(name);
            if (file) direct.push(`import ${alias} from 'lucide-react/icons/${file}';`);
            else rest.push(spec);
          }
          if (!direct.length) return statement;
          changed = true;
          return [...(rest.length ? [`import { ${rest.join(', ')} } from 'lucide-react';`] : []), ...direct].join('\n');
        });
        return changed ? { code: out, map: null } : undefined;
      },
    },
  };
}

/** Every name the package's index exports for an icon, with the icon's module (`Store` → `store`). */
function iconFiles(): Map<string, string> {
  const index = createRequire(import.meta.url)
    .resolve('lucide-react')
    .replace(/dist\/cjs\/lucide-react\.js$/, 'dist/esm/lucide-react.mjs');
  const files = new Map<string, string>();
  for (const m of fs.readFileSync(index, 'utf8').matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs';/g)) {
    for (const part of (m[1] as string).split(',')) {
      const name = /default as (\w+)/.exec(part)?.[1];
      if (name) files.set(name, m[2] as string);
    }
  }
  if (files.size < 1000) throw new Error(`icon-imports: only ${files.size} icons found in ${path.relative(process.cwd(), index)}`);
  return files;
}

const DATA_PREFIX = 'lucide-data:';

/**
 * `import Clock from 'lucide-data:clock'`: an icon's drawing (its `__iconData`) without lucide-react's
 * React component, for the page built without React (service mode, lib/dom.ts `icon`). Read from
 * the package's own icon module at build time, so the drawing is lucide's, not a copy.
 */
export function iconData(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'lucide-data',
    resolveId(id) {
      return id.startsWith(DATA_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${DATA_PREFIX}`)) return undefined;
      const name = id.slice(DATA_PREFIX.length + 1);
      if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`lucide-data: bad icon name ${name}`);
      const file = require.resolve('lucide-react').replace(/dist\/cjs\/lucide-react\.js$/, `dist/esm/icons/${name}.mjs`);
      const source = fs.readFileSync(file, 'utf8');
      const literal = /const __iconData = (\{[\s\S]*?\n\});/.exec(source)?.[1];
      if (!literal) throw new Error(`lucide-data: no drawing in ${file}`);
      // The module's object literal is plain data (tags and attribute strings): evaluated as such.
      const { node } = new Function(`return ${literal}`)() as { node: [string, Record<string, string>][] };
      return `export default ${JSON.stringify({ node: node.map(([tag, { key: _key, ...attrs }]) => [tag, attrs]) })};`;
    },
  };
}
