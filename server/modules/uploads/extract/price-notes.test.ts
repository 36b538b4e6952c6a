import { describe, expect, it } from 'vitest';
import { endsInPriceOnRequestNote } from './price-notes.ts';

describe('"price on request" notes', () => {
  it('knows the notes menus print instead of a price, at the end of the text, in every shipped language', () => {
    for (const text of [
      'Market price',
      'Ask your server about today’s fish Market price',
      'Drawn butter (MP)',
      'nach Verfügbarkeit Tagespreis',
      'Prix du marché',
      'Selon arrivage',
      'Prezzo di mercato',
      'Branzino al forno s.q.',
      'Según mercado',
      'Percebes S/M',
      'Dagprijs',
    ])
      expect(endsInPriceOnRequestNote(text), text).toBe(true);
  });

  it('leaves descriptions that only contain such words elsewhere, or end in a longer word', () => {
    for (const text of ['Market price vegetables, grilled', 'Fresh from the market', 'Shrimp', 'Lamb chop', 'Tagespreise gelten', 'Spinach and leek']) expect(endsInPriceOnRequestNote(text), text).toBe(false);
  });
});
