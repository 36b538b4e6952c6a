import { describe, expect, it } from 'vitest';
import { allergenFromName, mergeLegends, parseLegendLine, superscriptCodes, takeAllergenCodes } from './allergens.ts';

describe('allergen legends and codes', () => {
  it('names allergens in the shipped languages and everyday words', () => {
    expect(allergenFromName('schaaldieren')).toBe('crustaceans');
    expect(allergenFromName('Milch oder Laktose')).toBe('milk');
    expect(allergenFromName('contains gluten')).toBe('gluten');
    expect(allergenFromName('anidride solforosa e solfiti')).toBe('sulphites');
    expect(allergenFromName("pinda's")).toBe('peanuts');
    expect(allergenFromName('Tree nuts')).toBe('nuts');
    expect(allergenFromName('Peanuts')).toBe('peanuts');
    expect(allergenFromName('frutos de cáscara')).toBe('nuts');
    expect(allergenFromName('Tomato')).toBeNull();
  });

  it('reads legends with multi-letter codes and one entry per line', () => {
    const nl = parseLegendLine('G gluten · S schaaldieren · E ei · So soja · M melk · Se selderij · Mo mosterd · W weekdieren');
    expect(nl?.kind).toBe('letters');
    expect(nl?.codes.get('So')).toBe('soybeans');
    expect(nl?.codes.get('Mo')).toBe('mustard');
    expect(nl?.codes.get('E')).toBe('eggs');
    expect(parseLegendLine('C Ei · D Fisch · A Gluten')?.codes.get('C')).toBe('eggs');
    expect(parseLegendLine('2 Krebstiere')).toBeNull();
    expect(parseLegendLine('2 Krebstiere', 1)?.codes.get('2')).toBe('crustaceans');
    const merged = mergeLegends(parseLegendLine('1 Gluten 3 Eggs 7 Milk'), parseLegendLine('10 Mustard', 1));
    expect(merged?.codes.get('10')).toBe('mustard');
    expect(parseLegendLine('Soup of the day 4 Burger 12')).toBeNull();
  });

  it('leaves an entry cut off before its name open instead of taking the next code for its name', () => {
    // A legend set across two columns: the first piece ends in "H", the other column's "R Weichtiere" follows.
    const cut = parseLegendLine('A Gluten B Krebstiere C Ei G Milch oder Laktose H R Weichtiere');
    expect(cut?.codes.get('H')).toBeUndefined();
    expect(cut?.codes.get('R')).toBe('molluscs');
    expect(parseLegendLine('G Milch H Schalenfrüchte R Weichtiere')?.codes.get('H')).toBe('nuts');
  });

  it('never takes a number after a code for the entry’s text', () => {
    const legend = parseLegendLine('5 amendoins 6 soja 7 leite 8 frutos de casca rija 9 14 moluscos', 1);
    expect(legend?.codes.get('9')).toBeUndefined();
    expect(legend?.codes.get('14')).toBe('molluscs');
  });

  it('does not read a diet-marker legend as allergens (V is not "vegetarian … senza glutine")', () => {
    expect(parseLegendLine('V vegetariano · VG vegano · GF senza glutine', 1)).toBeNull();
    expect(parseLegendLine('V vegetarisch · VG vegan · GF glutenfrei', 1)).toBeNull();
    // Next to allergen entries the diet entries are skipped.
    const both = parseLegendLine('A Gluten · C Eier · G Milch · V vegetarisch · GF glutenfrei');
    expect([...(both?.codes ?? [])]).toEqual([['A', 'gluten'], ['C', 'eggs'], ['G', 'milk']]);
  });

  it('maps codes through that menu’s legend, else the EU letters or Annex numbers', () => {
    const legend = parseLegendLine('G contains gluten · D dairy · N nuts · Ce celery · Mu mustard');
    expect(superscriptCodes('G,D,Ce', legend)).toEqual(['gluten', 'milk', 'celery']);
    expect(superscriptCodes('Mu', legend)).toEqual(['mustard']);
    expect(takeAllergenCodes('Burrata D,N', legend)).toEqual({ text: 'Burrata', keys: ['milk', 'nuts'] });
    expect(superscriptCodes('1,3,7', null)).toEqual(['gluten', 'eggs', 'milk']);
    expect(takeAllergenCodes('Kürbiscremesuppe (G)', null)).toEqual({ text: 'Kürbiscremesuppe', keys: ['milk'] });
    expect(takeAllergenCodes('Menu 2', null)).toEqual({ text: 'Menu 2', keys: [] });
  });

  it('reads codes a scan ran together: a letter code glued to its name in the legend, raised codes without commas', () => {
    const legend = parseLegendLine('Allergen key G contains gluten Ccrustaceans E egg F fish Ddairy N nuts Ce celery Mu mustard Mo molluscs');
    expect(legend?.codes.get('C')).toBe('crustaceans');
    expect(legend?.codes.get('D')).toBe('milk');
    // A capitalised allergen word stays a word ("Dairy" is no code D + "airy").
    expect(parseLegendLine('G Gluten · M Dairy · N Nuts')?.codes.get('M')).toBe('milk');
    expect(superscriptCodes('FD', legend)).toEqual(['fish', 'milk']);
    expect(superscriptCodes('FD,Ce,Mo', legend)).toEqual(['fish', 'milk', 'celery', 'molluscs']);
    expect(superscriptCodes('FX', legend)).toEqual([]);
    const numbers = parseLegendLine('1 Gluten 2 Krebstiere 3 Eier 4 Fisch 7 Milch 9 Sellerie 10 Senf 14 Weichtiere');
    expect(superscriptCodes('37', numbers)).toEqual(['eggs', 'milk']);
    // A code the legend has stays whole; one it cannot split is no list.
    expect(superscriptCodes('14,7', numbers)).toEqual(['molluscs', 'milk']);
    expect(superscriptCodes('1,310', numbers)).toEqual(['gluten', 'eggs', 'mustard']);
    expect(superscriptCodes('58', numbers)).toEqual([]);
    // A raised 1 read as a letter is a 1 under a legend of numbers, not under one of letters.
    expect(superscriptCodes('l', numbers)).toEqual(['gluten']);
    expect(superscriptCodes('I,7', numbers)).toEqual(['gluten', 'milk']);
    expect(superscriptCodes('l', parseLegendLine('L celery · G gluten · M milk'))).toEqual([]);
    // A number that can be a code is never split, even where the legend's entry was cut off:
    // a legend that follows the Annex numbering stands for the entries OCR lost.
    expect(superscriptCodes('7,12,14', parseLegendLine('1 Gluten 7 Milk 12 Sulphites'))).toEqual(['milk', 'sulphites', 'molluscs']);
    // A number glued to its name, and a stray letter entry (a misread 5) that does not count.
    const glued = parseLegendLine('Allergènes 1 céréales contenant du gluten 2 crustacés 3œufs 4 poisson Sarachides 6 soja 7lait');
    expect([glued?.codes.get('3'), glued?.codes.get('7')]).toEqual(['eggs', 'milk']);
    expect(superscriptCodes('5,9', glued)).toEqual(['peanuts', 'celery']);
    expect(parseLegendLine('11 Sesame 12Sulphites 13 Lupin 14 Molluscs')?.codes.get('12')).toBe('sulphites');
    // One with a numbering of its own does not.
    expect(superscriptCodes('2,5', parseLegendLine('1 Gluten 2 Milk 3 Sulphites'))).toEqual([]);
    expect(superscriptCodes('A,N', parseLegendLine('A Gluten B Crustaceans N Nuts'))).toEqual(['gluten', 'nuts']);
    expect(superscriptCodes('A,G', parseLegendLine('A Gluten B Crustaceans C Eggs'))).toEqual(['gluten', 'milk']);
    expect(superscriptCodes('A,G', parseLegendLine('A Gluten B Milk C Eggs'))).toEqual([]);
  });
});
