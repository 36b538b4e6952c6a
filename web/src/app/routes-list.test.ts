import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, ROUTE_ALIASES } from '../../../shared/app-routes.ts';

/** The route table and the server's list of pages (shared/app-routes.ts) must not drift apart. */
describe('the route table', () => {
  const source = fs.readFileSync(path.join(import.meta.dirname, 'routes.tsx'), 'utf8');
  const literalPaths = [...source.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]);

  it('routes exactly the pages the server knows, plus the aliases it renders from shared/', () => {
    expect(new Set(literalPaths)).toEqual(new Set(APP_ROUTES));
    expect(source).toContain('ROUTE_ALIASES');
    expect(Object.keys(ROUTE_ALIASES).length).toBeGreaterThan(0);
  });
});
