import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ALLERGEN_KEYS } from './constants.ts';
import { choiceKind, unavoidableAllergens, zChoiceRule, type AllergenGroup } from './option-groups.ts';

const group = (minChoices: number, maxChoices: number, ...options: string[][]): AllergenGroup => ({
  minChoices,
  maxChoices,
  options: options.map((allergens) => ({ allergens })),
});

describe('option group choice rules', () => {
  it('reads min/max as any, exactly, up to, at least or a range', () => {
    expect(choiceKind({ minChoices: 0, maxChoices: 0 })).toEqual({ kind: 'any' });
    expect(choiceKind({ minChoices: 1, maxChoices: 1 })).toEqual({ kind: 'exactly', n: 1 });
    expect(choiceKind({ minChoices: 0, maxChoices: 3 })).toEqual({ kind: 'upTo', n: 3 });
    expect(choiceKind({ minChoices: 2, maxChoices: 0 })).toEqual({ kind: 'atLeast', n: 2 });
    expect(choiceKind({ minChoices: 1, maxChoices: 3 })).toEqual({ kind: 'range', min: 1, max: 3 });
  });
  it('refuses a maximum below the minimum (0 = no limit)', () => {
    expect(zChoiceRule.safeParse({ minChoices: 2, maxChoices: 1 }).success).toBe(false);
    expect(zChoiceRule.safeParse({ minChoices: 2, maxChoices: 0 }).success).toBe(true);
    expect(zChoiceRule.safeParse({ minChoices: -1, maxChoices: 0 }).success).toBe(false);
  });
});

describe('unavoidable allergens (the guest filter folds options in)', () => {
  it('an optional extra with milk does not make the dish contain milk', () => {
    expect(unavoidableAllergens(['gluten'], [group(0, 0, ['milk'], [])])).toEqual(['gluten']);
  });
  it('a required choice where every option has milk does', () => {
    expect(unavoidableAllergens([], [group(1, 1, ['milk'], ['milk', 'eggs'])])).toEqual(['milk']);
  });
  it('a required choice with one milk-free option does not', () => {
    expect(unavoidableAllergens([], [group(1, 1, ['milk'], [])])).toEqual([]);
  });
  it('"choose 2 of 3" with only one milk-free option forces milk', () => {
    expect(unavoidableAllergens([], [group(2, 2, ['milk'], ['milk'], [])])).toEqual(['milk']);
    expect(unavoidableAllergens([], [group(2, 2, ['milk'], [], [])])).toEqual([]);
  });
  it('a required group without options forces nothing', () => {
    expect(unavoidableAllergens([], [group(1, 1)])).toEqual([]);
  });
  it('property: an allergen is reported exactly when no allowed choice avoids it (brute force over every choice)', () => {
    const seed = Number(process.env.FC_SEED ?? 20261125);
    const keys = ALLERGEN_KEYS.slice(0, 4);
    /** Every set of option indexes a guest may choose from n options with at least `min` picked (all of them when there are fewer). */
    const choices = (n: number, min: number): number[][] =>
      Array.from({ length: 2 ** n }, (_, mask) => [...Array(n).keys()].filter((i) => mask & (1 << i))).filter(
        (c) => c.length >= Math.min(min, n),
      );
    const arbGroup = fc.record({
      minChoices: fc.integer({ min: 0, max: 3 }),
      maxChoices: fc.constant(0),
      options: fc.array(fc.record({ allergens: fc.subarray(keys) }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(arbGroup, { maxLength: 3 }), (groups) => {
        const reported = unavoidableAllergens([], groups);
        for (const allergen of keys) {
          const avoidable = groups.every(
            (g) =>
              g.options.length === 0 ||
              choices(g.options.length, g.minChoices).some((c) => c.every((i) => !g.options[i]?.allergens.includes(allergen))),
          );
          expect(reported.includes(allergen), allergen).toBe(!avoidable);
        }
      }),
      { seed },
    );
  });
});
