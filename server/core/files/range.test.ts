import { describe, expect, it } from 'vitest';
import { parseRange } from './range.ts';

describe('parseRange', () => {
  it('returns null when there is no usable header', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('', 100)).toBeNull();
    expect(parseRange('bytes=', 100)).toBeNull();
    expect(parseRange('bytes=-', 100)).toBeNull();
    expect(parseRange('items=0-5', 100)).toBeNull();
    expect(parseRange('bytes=a-b', 100)).toBeNull();
    expect(parseRange('bytes=5-2', 100)).toBeNull();
    expect(parseRange('bytes=1.5-3', 100)).toBeNull();
    expect(parseRange('bytes=--5', 100)).toBeNull();
  });

  it('ignores multi-ranges', () => {
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('bytes=0-1, 5-', 100)).toBeNull();
  });

  it('parses a-b, clamping the end', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-10', 100)).toEqual({ start: 10, end: 10 });
    expect(parseRange('bytes=90-1000', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('Bytes = 1 - 2 ', 100)).toEqual({ start: 1, end: 2 });
    expect(parseRange('bytes=0-99999999999999999999999', 100)).toEqual({ start: 0, end: 99 });
  });

  it('parses open-ended a-', () => {
    expect(parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=99-', 100)).toEqual({ start: 99, end: 99 });
  });

  it('parses suffix -n', () => {
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('reports unsatisfiable ranges', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=100-200', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=-5', 0)).toBe('unsatisfiable');
  });
});
