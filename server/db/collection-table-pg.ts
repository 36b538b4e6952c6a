import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, uniqueIndex, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { isMultiValue, type Collection, type FieldDef } from '../core/collections.ts';
import { columnKind } from './collection-table.ts';

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
    const out = [];
    const indexed = new Set<string>();
    for (const idx of collection.indexes) {
      const name = idx.name ?? `idx_${collection.name}_${idx.columns.join('_')}${idx.unique ? '_unique' : ''}`;
      indexed.add(idx.columns[0] ?? '');
      if (idx.nocase && idx.columns.length === 1) {
        const colName = idx.columns[0] as string;
        // SQLite's NOCASE is lower(): unique among non-empty values, as PocketBase does for emails.
        const b = (idx.unique ? uniqueIndex(name) : index(name)).on(sql`lower(${sql.identifier(colName)})`);
        out.push(idx.unique ? b.where(sql`${sql.identifier(colName)} <> ''`) : b);
        continue;
      }
      const [first, ...rest] = idx.columns.map((c) => {
        const col = cols[c];
        if (!col) throw new Error(`Index on unknown column ${collection.name}.${c}`);
        return col;
      });
      if (!first) throw new Error(`Empty index in ${collection.name}`);
      out.push((idx.unique ? uniqueIndex(name) : index(name)).on(first, ...rest));
    }
    for (const f of collection.fields) {
      if (f.type === 'relation' && !isMultiValue(f) && !indexed.has(f.name)) {
        out.push(index(`idx_${collection.name}_${f.name}`).on(cols[f.name] as never));
      }
    }
    return out;
  });
}
