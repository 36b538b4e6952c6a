import { describe, expect, it } from 'vitest';
import { itemKindOf, MAX_CHOICES_PER_COURSE, setUnavoidableAllergens, zSetCourseRecord } from './set-menus.ts';

const course = (...choices: string[][]) => ({ choices: choices.map((allergens) => ({ allergens })) });

describe('setUnavoidableAllergens', () => {
  it('takes an allergen only when every choice of some course has it', () => {
    const starter = course(['milk', 'gluten'], ['milk']);
    const main = course(['fish'], []);
    expect(setUnavoidableAllergens([], [starter, main]).sort()).toEqual(['milk']);
  });
  it('keeps the set’s own allergens and ignores free-text and empty courses', () => {
    expect(setUnavoidableAllergens(['eggs'], [course(), course(['milk'], ['gluten'])])).toEqual(['eggs']);
  });
  it('a course of one dish forces that dish’s allergens', () => {
    expect(setUnavoidableAllergens([], [course(['celery', 'mustard'])]).sort()).toEqual(['celery', 'mustard']);
  });
});

describe('zSetCourseRecord', () => {
  const base = { name: 'Starter', description: '', choices: [], translations: null };
  it('accepts a named course, a free text, or choices', () => {
    expect(zSetCourseRecord.safeParse(base).success).toBe(true);
    expect(zSetCourseRecord.safeParse({ ...base, name: '', description: 'Coffee or tea' }).success).toBe(true);
    expect(zSetCourseRecord.safeParse({ ...base, name: ' ', choices: ['a'] }).success).toBe(true);
  });
  it('refuses a course that says nothing, and too many choices', () => {
    expect(zSetCourseRecord.safeParse({ ...base, name: '  ' }).error?.issues[0]?.path).toEqual(['name']);
    const many = Array.from({ length: MAX_CHOICES_PER_COURSE + 1 }, (_, i) => `id${i}`);
    expect(zSetCourseRecord.safeParse({ ...base, choices: many }).error?.issues[0]?.path).toEqual(['choices']);
  });
});

describe('itemKindOf', () => {
  it('reads empty and unknown kinds as dish', () => {
    expect(itemKindOf('')).toBe('dish');
    expect(itemKindOf(null)).toBe('dish');
    expect(itemKindOf('set')).toBe('set');
  });
});
