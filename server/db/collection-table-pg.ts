import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, uniqueIndex, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { Collection, FieldDef } from '../core/collections.ts';
import { columnKind, indexPlan } from './collection-table.ts';

/**
 * The PostgreSQL twin of collection-table.ts, from the same collection definitions. Bools stay
 * integers 0/1 and JSON stays text, so filters and rules compile the same on both engines (JSON
 * functions cast to jsonb where they need it).
 */
function column(field: FieldDef): PgColumnBuilderBase {
  if (field.name === 'id') return text('id').primaryKey().notNull();
  switch (columnKind(field)) {
    case 'real':
      return doublePrecision(field.name).notNull().default(0);
    case 'bool':
      return integer(field.name).notNull().default(0);
    case 'jsonArray':
      return text(field.name).notNull().default('[]');
    case 'json':
      return text(field.name);
    default:
      return text(field.name).notNull().default('');
  }
}

export function collectionTablePg(collection: Collection) {
  const columns: Record<string, PgColumnBuilderBase> = {};
  for (const f of collection.fields) columns[f.name] = column(f);
  return pgTable(collection.name, columns, (t) => {
    const cols = t as Record<string, never>;
    return indexPlan(collection).map((plan) => {
      const builder = plan.unique ? uniqueIndex(plan.name) : index(plan.name);
      if (!plan.nocase) {
        return builder.on(...(plan.columns.map((c) => cols[c]) as [never, ...never[]]));
      }
      // SQLite's NOCASE is lower() here.
      const column = sql.identifier(plan.columns[0] as string);
      const b = builder.on(sql`lower(${column})`);
      return plan.unique ? b.where(sql`${column} <> ''`) : b;
    });
  });
}
