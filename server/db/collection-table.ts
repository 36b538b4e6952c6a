import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex, type SQLiteColumnBuilderBase } from 'drizzle-orm/sqlite-core';
import { isMultiValue, type Collection, type FieldDef } from '../core/collections.ts';

/** SQL storage class of each field, shared by the table builder and the record codec. */
export function columnKind(field: FieldDef): 'text' | 'real' | 'bool' | 'jsonArray' | 'json' {
  if (field.type === 'number') return 'real';
  if (field.type === 'bool') return 'bool';
  if (field.type === 'json') return 'json';
  if (isMultiValue(field)) return 'jsonArray';
  return 'text';
}

function column(field: FieldDef): SQLiteColumnBuilderBase {
  if (field.name === 'id') return text('id').primaryKey().notNull();
  switch (columnKind(field)) {
    case 'real':
      return real(field.name).notNull().default(0);
    case 'bool':
      return integer(field.name, { mode: 'boolean' }).notNull().default(false);
    case 'jsonArray':
      return text(field.name).notNull().default('[]');
    case 'json':
      return text(field.name);
    default:
      return text(field.name).notNull().default('');
  }
}

/**
 * The Drizzle table of a collection. drizzle-kit generates the committed migrations from these,
 * so the collection definition stays the single source of truth for the schema.
 */
export function collectionTable(collection: Collection) {
  const columns: Record<string, SQLiteColumnBuilderBase> = {};
  for (const f of collection.fields) columns[f.name] = column(f);
  return sqliteTable(collection.name, columns, (t) => {
    const cols = t as Record<string, never>;
    const out = [];
    const indexed = new Set<string>();
    for (const idx of collection.indexes) {
      const name = idx.name ?? `idx_${collection.name}_${idx.columns.join('_')}${idx.unique ? '_unique' : ''}`;
      indexed.add(idx.columns[0] ?? '');
      if (idx.nocase && idx.columns.length === 1) {
        const colName = idx.columns[0] as string;
        // Case-insensitive uniqueness that ignores empty values, as PocketBase does for emails.
        const b = (idx.unique ? uniqueIndex(name) : index(name)).on(sql`${sql.identifier(colName)} COLLATE NOCASE`);
        out.push(idx.unique ? b.where(sql`${sql.identifier(colName)} != ''`) : b);
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
    // Single relations are the joins and tenant filters of nearly every query: always indexed.
    for (const f of collection.fields) {
      if (f.type === 'relation' && !isMultiValue(f) && !indexed.has(f.name)) {
        out.push(index(`idx_${collection.name}_${f.name}`).on(cols[f.name] as never));
      }
    }
    return out;
  });
}
