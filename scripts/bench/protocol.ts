/** Messages the bench server child sends to the runner over IPC. */

export interface SeedStats {
  rows: number;
  chunkSize: number;
  /** Wall time of the whole items seed (prepare + execute), ms. */
  totalMs: number;
  /** Time spent in `prepareCreate` (async, outside the transaction), ms. */
  prepareMs: number;
  /** Time spent in `execute` (the transactions), ms. */
  executeMs: number;
  rowsPerSec: number;
}

export interface ReadyInfo {
  port: number;
  seed: SeedStats;
  itemId: string;
  noteId: string;
  memberToken: string;
}

export type ServerMessage =
  | { type: 'progress'; text: string }
  | { type: 'ready'; info: ReadyInfo }
  | { type: 'error'; message: string };
