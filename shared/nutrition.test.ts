import { describe, expect, it } from 'vitest';
import { compactNutrition, energyOf, nutritionDisplayOf, readNutrition, zNutrition } from './nutrition.ts';

describe('nutrition', () => {
  it('accepts energy, a portion label and macronutrients in grams; stores only what was given', () => {
    const parsed = zNutrition.parse({ kcal: 450, kj: null, portion: ' 350 g ', fat: 12.5, saturates: 4, salt: 1.25 });
    expect(compactNutrition(parsed)).toEqual({ kcal: 450, portion: '350 g', fat: 12.5, saturates: 4, salt: 1.25 });
    expect(compactNutrition(zNutrition.parse({ kcal: null, portion: '' }))).toBeNull();
  });

  it.each([
    [{ kcal: -1 }, 'kcal'],
    [{ kcal: 1.5 }, 'kcal'],
    [{ kcal: 450, kj: 450 }, 'kj'],
    [{ fat: 3, saturates: 4 }, 'saturates'],
    [{ carbs: 10, sugars: 11 }, 'sugars'],
    [{ salt: 1.234 }, 'salt'],
    [{ fibre: 3 }, ''],
    [{ portion: 'x'.repeat(51) }, 'portion'],
  ])('refuses %j (at %s)', (input, path) => {
    const result = zNutrition.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join('.') ?? '').toBe(path);
  });

  it('derives the missing energy unit where shown (1 kcal = 4.184 kJ) and accepts both when they agree', () => {
    expect(energyOf({ kcal: 450 })).toEqual({ kcal: 450, kj: 1883 });
    expect(energyOf({ kj: 1883 })).toEqual({ kcal: 450, kj: 1883 });
    expect(energyOf({ kcal: 450, kj: 1880 })).toEqual({ kcal: 450, kj: 1880 });
    expect(energyOf({ fat: 3 })).toBeNull();
    expect(zNutrition.safeParse({ kcal: 450, kj: 1880 }).success).toBe(true);
    expect(zNutrition.safeParse({ kcal: 0, kj: 1 }).success).toBe(true);
  });

  it('reads stored data and the venue setting leniently', () => {
    expect(readNutrition('nonsense')).toBeNull();
    expect(readNutrition({ kcal: 300 })).toEqual({ kcal: 300 });
    expect(nutritionDisplayOf('full')).toBe('full');
    expect(nutritionDisplayOf('')).toBe('kcal');
    expect(nutritionDisplayOf(null)).toBe('kcal');
  });
});
