import { describe, expect, it } from 'vitest';
import { allergensHintedBy, marksAllergensDishByDish, unmarkedAllergenHints } from './allergen-hints.ts';

describe('allergen hints', () => {
  it('names the allergens a dish’s words name, in every shipped language', () => {
    expect(allergensHintedBy('Hake, mussels, saffron, fennel')).toEqual(['fish', 'molluscs']);
    expect(allergensHintedBy('Chocolate Chip Waffle')).toEqual(['gluten']);
    expect(allergensHintedBy('Käsespätzle mit Röstzwiebeln')).toEqual(['gluten', 'milk']);
    expect(allergensHintedBy('Tablier de sapeur, sauce gribiche')).toEqual(['eggs']);
    expect(allergensHintedBy('Spaghetti alle vongole')).toEqual(['gluten', 'molluscs']);
    expect(allergensHintedBy('Gambas al ajillo')).toEqual(['crustaceans']);
    expect(allergensHintedBy('Vissoep met garnalen')).toEqual(['crustaceans', 'fish']);
    expect(allergensHintedBy('Œufs mimosa')).toEqual(['eggs']);
    expect(allergensHintedBy('Weißwurst mit süßem Senf')).toEqual(['mustard']);
  });

  it('is not fooled by words that are something else', () => {
    expect(allergensHintedBy('Peanut butter cup')).toEqual(['peanuts']);
    expect(allergensHintedBy('Thai curry with coconut milk and rice noodles')).toEqual([]);
    expect(allergensHintedBy('Pan-fried aubergine, eggplant caviar')).toEqual([]);
    expect(allergensHintedBy('Pigeon rôti, jus corsé')).toEqual([]);
    expect(allergensHintedBy('Pomodori secchi al sole')).toEqual([]);
    expect(allergensHintedBy('Erdnusssauce')).toEqual(['peanuts']);
    expect(allergensHintedBy('Flat white with oat milk')).toEqual([]);
  });

  it('lists what the marked allergens leave out', () => {
    expect(unmarkedAllergenHints('Hake, mussels', ['celery', 'eggs', 'molluscs'])).toEqual(['fish']);
    expect(unmarkedAllergenHints('Hake, mussels', ['fish', 'molluscs'])).toEqual([]);
  });

  it('asks only where a menu marks allergens dish by dish (a quarter of its dishes or more)', () => {
    expect(marksAllergensDishByDish(0.25)).toBe(true);
    expect(marksAllergensDishByDish(0.2)).toBe(false);
  });
});
