import { foldText } from '../../../../shared/search.ts';

/**
 * Notes menus print where a price would stand when there is none on purpose ("Market price",
 * "Tagespreis", "S.Q."), in the shipped languages, folded (no accents, lower case). An item that
 * ends in one is unpriced by design, not a price the extractor failed to read.
 */
const PRICE_ON_REQUEST_NOTES = [
  // English
  'market price', 'mp', 'm.p.', 'price on request', 'on request', 'seasonal price', 'price varies', 'ask your server',
  // German
  'tagespreis', 'nach tagespreis', 'marktpreis', 'auf anfrage', 'preis auf anfrage', 'nach gewicht',
  // French
  'prix du marche', 'selon marche', 'selon le marche', 'selon arrivage', 'sur demande', 'prix sur demande', 'cours du jour', 'prix du jour',
  // Italian
  'prezzo di mercato', 'secondo mercato', 'secondo il mercato', 'prezzo del giorno', 's.q.', 'sq', 'su richiesta', 'a peso',
  // Spanish
  'precio de mercado', 'segun mercado', 's/m', 'a consultar', 'consultar precio', 'segun peso',
  // Dutch
  'dagprijs', 'marktprijs', 'op aanvraag',
];

const NOTE_AT_END = new RegExp(
  `(?:^|[\\s(–—-])(?:${PRICE_ON_REQUEST_NOTES.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})\\)?\\s*$`,
  'u',
);

/** The text (an item's description, where the extractor leaves a note from the price column) ends in a "price on request" note. */
export function endsInPriceOnRequestNote(text: string): boolean {
  return NOTE_AT_END.test(foldText(text).trim());
}
