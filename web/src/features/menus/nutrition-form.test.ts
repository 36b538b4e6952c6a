import { describe, expect, it } from 'vitest';
import { derivedKj, nutritionBody, nutritionFormSchema, nutritionFormValues, readNumber } from './nutrition-form.ts';

const empty = nutritionFormValues(null);

describe('nutrition form', () => {
  it('reads typed numbers with a comma or a point', () => {
    expect(readNumber(' 12,5 ')).toBe(12.5);
    expect(readNumber('800')).toBe(800);
    expect(readNumber('')).toBeNull();
    expect(readNumber('lots')).toBeNaN();
  });

  it('shows kcal (derived from kJ when only kJ was stored) and stores only what was given', () => {
    expect(nutritionFormValues({ kj: 3347 }).kcal).toBe('800');
    const values = nutritionFormValues({ kcal: 800, portion: '350 g', fat: 30, saturates: 12 });
    expect(values).toMatchObject({ kcal: '800', portion: '350 g', fat: '30', saturates: '12', salt: '' });
    expect(nutritionBody({ ...values, salt: '1,2', portion: ' 350 g ' })).toEqual({
      kcal: 800,
      portion: '350 g',
      fat: 30,
      saturates: 12,
      salt: 1.2,
    });
    expect(nutritionBody(empty)).toBeNull();
    expect(derivedKj('800')).toBe(3347);
    expect(derivedKj('')).toBeNull();
    expect(derivedKj('x')).toBeNull();
  });

  it.each([
    [{ kcal: 'lots' }, 'kcal', 'menus:validation.number'],
    [{ kcal: '-5' }, 'kcal', 'Cannot be negative'],
    [{ kcal: '12.5' }, 'kcal', 'Whole kcal'],
    [{ fat: '2', saturates: '3' }, 'saturates', 'Saturates are part of the fat: at most the fat'],
    [{ carbs: '10', sugars: '11' }, 'sugars', 'Sugars are part of the carbohydrate: at most the carbohydrate'],
    [{ salt: '1.234' }, 'salt', 'At most two decimals'],
    [{ portion: 'x'.repeat(51) }, 'portion', 'At most 50 characters'],
  ])('refuses %j at %s with the shared rule', (input, field, message) => {
    const result = nutritionFormSchema.safeParse({ ...empty, ...input });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  it('accepts nothing at all, and a full declaration', () => {
    expect(nutritionFormSchema.safeParse(empty).success).toBe(true);
    const full = { kcal: '650', portion: '1 plate', fat: '20', saturates: '8,5', carbs: '80', sugars: '6', protein: '25', salt: '2.1' };
    expect(nutritionFormSchema.safeParse(full).success).toBe(true);
  });
});
