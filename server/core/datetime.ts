/** PocketBase's datetime text: `YYYY-MM-DD HH:MM:SS.mmmZ`, always UTC. Sorts lexicographically. */
export function formatDateTime(d: Date): string {
  return d.toISOString().replace('T', ' ');
}

/**
 * Parses the date inputs clients send (our own format, ISO 8601, date only, Unix seconds) into the
 * stored format; null when the value is not a date.
 */
export function parseDateTimeInput(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : formatDateTime(value);
  if (typeof value === 'number' && Number.isFinite(value)) return formatDateTime(new Date(value * 1000));
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(text)) return null;
  let iso = text.replace(' ', 'T');
  if (iso.length === 10) iso += 'T00:00:00Z';
  else if (!/(Z|[+-]\d{2}:?\d{2})$/.test(iso)) iso += 'Z';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : formatDateTime(d);
}
