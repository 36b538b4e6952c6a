import { describe, expect, it } from 'vitest';
import { isDietLegend, markerLine, superscriptDiets, takeDietMarkers } from './diets.ts';

describe('diet markers', () => {
  it('takes markers off names, bare or in parentheses', () => {
    expect(takeDietMarkers('Filterkaffee VG')).toEqual({ text: 'Filterkaffee', diets: ['vegan'] });
    expect(takeDietMarkers('Roast Squash Salad (VG GF)')).toEqual({ text: 'Roast Squash Salad', diets: ['vegan', 'gluten-free'] });
    expect(takeDietMarkers('Frittata alle erbe V GF')).toEqual({ text: 'Frittata alle erbe', diets: ['vegetarian', 'gluten-free'] });
    expect(takeDietMarkers('Halloumi (V) Flatbread')).toEqual({ text: 'Halloumi Flatbread', diets: ['vegetarian'] });
  });

  it('leaves names without markers alone', () => {
    expect(takeDietMarkers('Vitello tonnato')).toEqual({ text: 'Vitello tonnato', diets: [] });
    expect(takeDietMarkers('Vegan Burger')).toEqual({ text: 'Vegan Burger', diets: [] });
    expect(takeDietMarkers('V')).toEqual({ text: 'V', diets: [] });
    expect(superscriptDiets('1,3')).toBeNull();
    expect(superscriptDiets('VG')).toEqual(['vegan']);
  });

  it('leaves V to the allergen codes when the legend uses it (Dutch "V vis")', () => {
    expect(takeDietMarkers('Kibbeling (V)', true)).toEqual({ text: 'Kibbeling (V)', diets: [] });
    expect(takeDietMarkers('Haring V', true)).toEqual({ text: 'Haring V', diets: [] });
    expect(takeDietMarkers('Falafel (VG GF)', true)).toEqual({ text: 'Falafel', diets: ['vegan', 'gluten-free'] });
    expect(superscriptDiets('V', true)).toBeNull();
    expect(superscriptDiets('V')).toEqual(['vegetarian']);
  });

  it('reads a line of markers in brackets, or in a badge whose frame OCR read as one bracket', () => {
    expect(markerLine('(V, GF)')).toEqual(['vegetarian', 'gluten-free']);
    expect(markerLine('GF]')).toEqual(['gluten-free']);
    expect(markerLine('[VG')).toEqual(['vegan']);
    expect(markerLine('|VG GF|')).toEqual(['vegan', 'gluten-free']);
    // A bare marker may be a heading or a code; brackets around anything else are no markers.
    expect(markerLine('GF')).toBeNull();
    expect(markerLine('(served warm)')).toBeNull();
    expect(markerLine('V]', true)).toBeNull();
  });

  it('recognises marker legends in several languages', () => {
    expect(isDietLegend('V vegetarian · VG vegan · GF gluten free')).toBe(true);
    expect(isDietLegend('V = vegetarisch, VG = vegan')).toBe(true);
    expect(isDietLegend('(V) végétarien')).toBe(true);
    expect(isDietLegend('GF senza glutine')).toBe(true);
    expect(isDietLegend('Vegetarian lasagne 12.50')).toBe(false);
    expect(isDietLegend('Vegan chili with rice')).toBe(false);
  });
});
