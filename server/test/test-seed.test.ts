import { describe, expect, it } from 'vitest';
import { seededRandom, shuffled } from './test-seed.ts';

describe('seeded shuffling', () => {
  it('gives the same order for the same seed and another for another seed', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    expect(shuffled(items, 7)).toEqual(shuffled(items, 7));
    expect(shuffled(items, 7)).not.toEqual(shuffled(items, 8));
    expect([...shuffled(items, 7)].sort((a, b) => a - b)).toEqual(items);
  });

  it('draws numbers in [0, 1)', () => {
    const random = seededRandom(1);
    for (let i = 0; i < 1000; i++) {
      const x = random();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});
