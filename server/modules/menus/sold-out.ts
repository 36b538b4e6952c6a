import type { AppContext } from '../../context.ts';
import { formatDateTime } from '../../core/datetime.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import { soldOutOptionMarkIdsDue } from '../venue-options/queries.ts';
import { soldOutOverrideIdsDue } from '../venue-items/queries.ts';
import { soldOutItemIdsDue } from './queries.ts';

/**
 * Items, and venues' overrides of items and marks of options, marked sold out "until" a time become available again
 * once it has passed. Guest pages already show them as available from that moment; this job makes the stored record (and so the
 * staff app) agree, through the engine so realtime subscribers and caches hear about it.
 * One failing item does not stop the others; failures are reported together (the cron log).
 */
export async function resetSoldOut(engine: RecordEngine, now: Date): Promise<number> {
  const at = formatDateTime(now);
  const due = [
    ...soldOutItemIdsDue(engine.stmts, at).map((id) => ['items', id] as const),
    ...soldOutOverrideIdsDue(engine.stmts, at).map((id) => ['venue_items', id] as const),
    ...soldOutOptionMarkIdsDue(engine.stmts, at).map((id) => ['venue_options', id] as const),
  ];
  const failures: unknown[] = [];
  for (const [collection, id] of due) {
    try {
      const data = { available: true, soldOutUntil: '' };
      await engine.update(engine.collection(collection), id, { data, files: {}, fromForm: false }, engine.systemRequest());
    } catch (err) {
      failures.push(err);
    }
  }
  if (failures.length) throw new AggregateError(failures, `${failures.length} sold-out item(s) could not be reset`);
  return due.length;
}

export function registerSoldOutReset(ctx: AppContext): void {
  ctx.crons.register('soldOutReset', '* * * * *', () => resetSoldOut(ctx.engine, ctx.config.now()));
}
