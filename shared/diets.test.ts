import { describe, expect, it } from 'vitest';
import { ALLERGEN_KEYS } from './constants.ts';
import { DIET_KEYS, DIETS, dietClash, dietConflict, expandDiets, FILTER_DIET_KEYS, matchesDiets, suitableForDiet } from './diets.ts';

describe('dietary labels', () => {
  it('is the fixed taxonomy of issue 20, with allergen keys that exist', () => {
    expect(DIET_KEYS).toEqual([
      'vegan',
      'vegetarian',
      'pescatarian',
      'halal',
      'kosher',
      'gluten-free',
      'lactose-free',
      'alcohol',
      'spicy-1',
      'spicy-2',
      'spicy-3',
      'new',
      'chefs-pick',
    ]);
    expect(FILTER_DIET_KEYS).toEqual(['vegan', 'vegetarian', 'pescatarian', 'halal', 'kosher', 'gluten-free', 'lactose-free']);
    for (const d of DIETS) for (const a of d.excludes) expect(ALLERGEN_KEYS).toContain(a);
  });

  it('expands what a label implies: vegan → vegetarian → pescatarian, in taxonomy order', () => {
    expect(expandDiets(['vegan'])).toEqual(['vegan', 'vegetarian', 'pescatarian']);
    expect(expandDiets(['spicy-2', 'vegetarian', 'nonsense'])).toEqual(['vegetarian', 'pescatarian', 'spicy-2']);
    expect(expandDiets([])).toEqual([]);
  });

  it('matches the include filter only when every asked-for label holds', () => {
    expect(matchesDiets(['vegan'], ['vegetarian'])).toBe(true);
    expect(matchesDiets(['vegetarian'], ['vegan'])).toBe(false);
    expect(matchesDiets(['vegan', 'gluten-free'], ['vegan', 'gluten-free'])).toBe(true);
    expect(matchesDiets(['vegan'], ['vegan', 'gluten-free'])).toBe(false);
    expect(matchesDiets([], [])).toBe(true);
  });

  it('says schema.org RestrictedDiet values where one exists, implied ones included', () => {
    expect(suitableForDiet(['vegan', 'gluten-free', 'spicy-1'])).toEqual([
      'https://schema.org/VeganDiet',
      'https://schema.org/VegetarianDiet',
      'https://schema.org/GlutenFreeDiet',
    ]);
    expect(suitableForDiet(['halal', 'kosher', 'lactose-free', 'pescatarian'])).toEqual([
      'https://schema.org/HalalDiet',
      'https://schema.org/KosherDiet',
      'https://schema.org/LowLactoseDiet',
    ]);
  });

  it('refuses labels that contradict the allergens, and two spice levels', () => {
    expect(dietConflict(['vegan'], ['milk'])).toBe('A vegan dish cannot contain milk');
    expect(dietConflict(['vegetarian'], ['fish'])).toBe('A vegetarian dish cannot contain fish');
    expect(dietConflict(['vegetarian'], ['milk', 'eggs'])).toBeNull();
    expect(dietConflict(['lactose-free'], ['milk'])).toBeNull();
    expect(dietConflict(['spicy-1', 'spicy-3'], [])).toBe('Choose one spice level');
    // The staff app words the same clash in its own language from the structured form.
    expect(dietClash(['vegan'], ['gluten', 'eggs'])).toEqual({ kind: 'allergen', diet: 'vegan', allergen: 'eggs' });
    expect(dietClash(['spicy-2', 'spicy-3', 'vegan'], ['milk'])).toEqual({ kind: 'spice' });
    expect(dietClash(['vegan', 'halal'], ['gluten'])).toBeNull();
  });
});
