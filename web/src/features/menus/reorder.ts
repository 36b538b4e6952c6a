import { pb } from '../../lib/pb.ts';

/** The server's default maximum of sub-requests in one batch. */
const BATCH_LIMIT = 50;

/**
 * Saves a new order as positions 0..n-1 in one batch request (one transaction), so the stored
 * order is exactly the order on screen even if someone else moved things meanwhile. A list longer
 * than a batch allows is split into several requests.
 */
export async function savePositions(collection: string, ordered: readonly { id: string }[]): Promise<void> {
  for (let i = 0; i < ordered.length; i += BATCH_LIMIT) {
    const batch = pb.createBatch();
    ordered.slice(i, i + BATCH_LIMIT).forEach((r, j) => batch.collection(collection).update(r.id, { position: i + j }));
    await batch.send();
  }
}

/** The list with positions matching its order. */
export function withPositions<T extends { position: number }>(list: readonly T[]): T[] {
  return list.map((r, position) => (r.position === position ? r : { ...r, position }));
}
