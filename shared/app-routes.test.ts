import { describe, expect, it } from 'vitest';
import { isAppRoute, ROUTE_ALIASES } from './app-routes.ts';

describe('isAppRoute', () => {
  it.each([
    ['/', true],
    ['/login', true],
    ['/venues/', true],
    ['/venues/abc123', true],
    ['/venues//', false],
    ['/venues/abc/extra', false],
    ['/sections/s1/items', true],
    ['/sections/s1', false],
    ['/signup', false],
    ['/nope', false],
    ['/menus/upload/', true],
    ['/menus/upload/u1', true],
    ['/menus/m1/translate', true],
    ['/menus/m1/translate/x', false],
  ])('%s → %s', (path, expected) => {
    expect(isAppRoute(path)).toBe(expected);
  });

  it('sends every alias to a page of the app or the console', () => {
    for (const target of Object.values(ROUTE_ALIASES)) expect(isAppRoute(target) || target === '/_/').toBe(true);
  });
});
