import { pb } from './pb.ts';

/**
 * Adds a table label to the venue's tables. The server counts QR scans per table only for the
 * venue's own labels (anyone can put any `?t=` in a URL), so a code made for a new table
 * registers it.
 */
export async function registerTable(venueId: string, label: string): Promise<void> {
  const venue = await pb.collection('venues').getOne(venueId, { fields: 'tables' });
  const tables = Array.isArray(venue.tables) ? venue.tables.map(String) : [];
  if (tables.includes(label)) return;
  await pb.collection('venues').update(venueId, { tables: [...tables, label] });
}
