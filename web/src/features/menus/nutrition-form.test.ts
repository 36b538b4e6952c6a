import { describe, expect, it } from 'vitest';
import { derivedKj, nutritionBody, nutritionFormSchema, nutritionFormValues, readNumber, shownKj } from './nutrition-form.ts';

const empty = nutritionFormValues(null);

describe('nutrition form', () => {
  it('reads typed numbers with a comma or a point', () => {
    expect(readNumber(' 12,5 ')).toBe(12.5);
    expect(readNumber('800')).toBe(800);
    expect(readNumber('')).toBeNull();
    expect(readNumber('lots')).toBeNaN();
  });

  it('keeps an energy given in kJ only as it was entered while its kcal is not changed', () => {
    // 1000 kJ shows as 239 kcal; 239 kcal would be 1000 kJ again, 1001 kJ would not survive a round trip.
    for (const kj of [1000, 1001, 3347]) {
      const values = nutritionFormValues({ kj, portion: '350 g' });
      expect(values.kcal).toBe(String(Math.round(kj / 4.184)));
      expect(shownKj(values)).toBe(kj);
      expect(nutritionBody(values)).toEqual({ kj, portion: '350 g' });
      // Through the form's schema (what the editor submits) too.
      const parsed = nutritionFormSchema.parse(values);
      expect(nutritionBody(parsed)).toEqual({ kj, portion: '350 g' });
    }
    // Both given: both kept while unchanged.
    expect(nutritionBody(nutritionFormValues({ kcal: 800, kj: 3347 }))).toEqual({ kcal: 800, kj: 3347 });
    // A changed kcal is the new energy, stored alone (the old kJ would no longer match it).
    const changed = { ...nutritionFormValues({ kj: 1000 }), kcal: '300' };
    expect(shownKj(changed)).toBe(1255);
    expect(nutritionBody(changed)).toEqual({ kcal: 300 });
    // Cleared: no energy at all.
    expect(nutritionBody({ ...nutritionFormValues({ kj: 1000 }), kcal: '' })).toBeNull();
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
    const full = {
      ...empty,
      kcal: '650',
      portion: '1 plate',
      fat: '20',
      saturates: '8,5',
      carbs: '80',
      sugars: '6',
      protein: '25',
      salt: '2.1',
    };
    expect(nutritionFormSchema.safeParse(full).success).toBe(true);
  });
});
