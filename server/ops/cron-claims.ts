import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { SqlStatements } from '../db/sql.ts';
import type { CronClaim } from './cron.ts';

/** Claims are kept a day (slots are minutes), for a look at who ran what; older ones are pruned. */
const KEEP_SLOTS = 24 * 60;
/** Pruning runs at most once an hour (of slots) per instance. */
const PRUNE_EVERY_SLOTS = 60;

/** The claim store's statements: portable SQL (SQLite and PostgreSQL), `?` placeholders. */
export const CRON_CLAIM_SQL = {
  claim: 'INSERT INTO "_cronClaims" ("job", "slot", "instance") VALUES (?, ?, ?) ON CONFLICT ("job", "slot") DO NOTHING',
  prune: 'DELETE FROM "_cronClaims" WHERE "slot" < ?',
} as const;

/**
 * The cron claim store in `_cronClaims`: the first instance to insert (job, slot) runs that slot
 * (portable `INSERT … ON CONFLICT DO NOTHING`, the unique key decides; the same on SQLite and
 * PostgreSQL). Always on, so one instance pays one insert per scheduled run.
 */
export function databaseCronClaim(stmts: SqlStatements, instance = instanceName()): CronClaim {
  let lastPrune = Number.NEGATIVE_INFINITY;
  return (job, slot) => {
    if (slot - lastPrune >= PRUNE_EVERY_SLOTS) {
      lastPrune = slot;
      stmts.run(CRON_CLAIM_SQL.prune, [slot - KEEP_SLOTS]);
    }
    const inserted = stmts.run(CRON_CLAIM_SQL.claim, [job, slot, instance]);
    return inserted.changes === 1;
  };
}

/** Host, process and a random suffix: which instance claimed a slot (diagnostics only). */
function instanceName(): string {
  return `${os.hostname().slice(0, 60)}:${process.pid}:${randomBytes(3).toString('hex')}`;
}
