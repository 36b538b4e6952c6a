import { describe, expect, it } from 'vitest';
import { ALNUM, LOWER_ALNUM, newRecordId, randomDigits, randomString, RECORD_ID_PATTERN, timeOrderedId } from './ids.ts';

describe('record ids', () => {
  it('are 15 lower-case alphanumerics', () => {
    for (const id of [newRecordId(), timeOrderedId()]) {
      expect(id).toMatch(/^[a-z0-9]{15}$/);
      expect(id).toMatch(RECORD_ID_PATTERN);
    }
  });

  it('time-ordered ids made later sort later, whatever their random part', () => {
    const times = [0, 1, 35, 36, Date.UTC(2026, 10, 23), Date.UTC(2026, 10, 23) + 1, Date.UTC(2999, 0, 1)];
    const ids = times.map((t) => timeOrderedId(t));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => timeOrderedId(42))).size).toBe(1000);
  });

  it('do not repeat across many (the pool refills from crypto.getRandomValues)', () => {
    expect(new Set(Array.from({ length: 5000 }, newRecordId)).size).toBe(5000);
  });
});

describe('random strings', () => {
  it.each([
    [20, ALNUM, /^[A-Za-z0-9]{20}$/],
    [10, LOWER_ALNUM, /^[a-z0-9]{10}$/],
    [0, ALNUM, /^$/],
  ])('%i characters of the alphabet', (length, alphabet, pattern) => {
    expect(randomString(length, alphabet)).toMatch(pattern);
  });

  it('makes digit codes', () => {
    expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });

  it('uses every character of the alphabet about equally (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (const ch of randomString(36_000, LOWER_ALNUM)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(36);
    // Expected 1000 each; a biased generator (byte % 36) gives the first 4 characters ~14% more.
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(800);
      expect(n).toBeLessThan(1200);
    }
  });
});
