/**
 * Whether a text is set in capitals: nine letters in ten upper case, three letters at least
 * (shorter words, "VG", "GF", are markers and codes as often as names). Used for the style of a
 * line (extractor) and as a confidence feature (a name or heading in capitals).
 */
export function isCaps(text: string): boolean {
  const l = text.replace(/[^\p{L}]/gu, '');
  if (l.length < 3) return false;
  const upper = [...l].filter((c) => c === c.toUpperCase() && c !== c.toLowerCase()).length;
  return upper / l.length >= 0.9;
}
