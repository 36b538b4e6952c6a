import { describe, expect, it } from 'vitest';
import { jsonTooDeep } from './json-depth.ts';

const nestArrays = (levels: number): unknown => JSON.parse('['.repeat(levels) + ']'.repeat(levels));

describe('jsonTooDeep', () => {
  it('counts containers, not scalars', () => {
    expect(jsonTooDeep(1, 0)).toBe(false);
    expect(jsonTooDeep('x', 0)).toBe(false);
    expect(jsonTooDeep(null, 0)).toBe(false);
    expect(jsonTooDeep({}, 0)).toBe(true);
    expect(jsonTooDeep({ a: 1 }, 1)).toBe(false);
    expect(jsonTooDeep({ a: { b: [] } }, 2)).toBe(true);
    expect(jsonTooDeep({ a: { b: [] } }, 3)).toBe(false);
  });

  it('finds depth in any branch', () => {
    expect(jsonTooDeep([1, [2], { x: [[[]]] }], 4)).toBe(true);
    expect(jsonTooDeep([1, [2], { x: [[[]]] }], 5)).toBe(false);
  });

  it('walks 100,000 levels without overflowing its own stack', () => {
    expect(jsonTooDeep(nestArrays(100_000))).toBe(true);
    expect(jsonTooDeep(nestArrays(128))).toBe(false);
    expect(jsonTooDeep(nestArrays(129))).toBe(true);
  });
});
