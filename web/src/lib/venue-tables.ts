import { pb } from './pb.ts';
import { MAX_VENUE_TABLES } from '../../../shared/constants.ts';

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

/**
 * Adds table labels (a print kit's range) to the venue's tables, keeping the ones it has. Returns
 * false, changing nothing, when they would not fit the venue's limit of table labels.
 */
export async function registerTables(venueId: string, labels: string[]): Promise<boolean> {
  const venue = await pb.collection('venues').getOne(venueId, { fields: 'tables' });
  const tables = Array.isArray(venue.tables) ? venue.tables.map(String) : [];
  const added = labels.filter((l) => !tables.includes(l));
  if (!added.length) return true;
  if (tables.length + added.length > MAX_VENUE_TABLES) return false;
  await pb.collection('venues').update(venueId, { tables: [...tables, ...added] });
  return true;
}

/**
 * Tells the server a QR code of the venue was downloaded: the organization's first download ticks
 * the dashboard's getting-started step. Best effort: a failure never spoils the download.
 */
export function reportQrDownload(venueId: string): void {
  pb.send(`/api/venues/${encodeURIComponent(venueId)}/qr-downloaded`, { method: 'POST' }).catch(() => undefined);
}
