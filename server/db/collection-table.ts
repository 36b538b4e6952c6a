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

/** One index of a collection's table, as both engines' table builders create it. */
export interface IndexPlan {
  name: string;
  unique: boolean;
  columns: string[];
  /**
   * Case-insensitive (one column): SQLite's NOCASE, PostgreSQL's lower(); a unique one ignores
   * empty values, as PocketBase does for emails.
   */
  nocase: boolean;
}

/**
 * The indexes of a collection's table: the ones its definition declares, and one on every single
 * relation not already leading one (relations are the joins and tenant filters of nearly every query).
 */
export function indexPlan(collection: Collection): IndexPlan[] {
  const fields = new Set(collection.fields.map((f) => f.name));
  const plans: IndexPlan[] = [];
  const indexed = new Set<string>();
  for (const idx of collection.indexes) {
    if (!idx.columns.length) throw new Error(`Empty index in ${collection.name}`);
    for (const c of idx.columns) if (!fields.has(c)) throw new Error(`Index on unknown column ${collection.name}.${c}`);
    const name = idx.name ?? `idx_${collection.name}_${idx.columns.join('_')}${idx.unique ? '_unique' : ''}`;
    indexed.add(idx.columns[0] ?? '');
    plans.push({ name, unique: Boolean(idx.unique), columns: idx.columns, nocase: Boolean(idx.nocase) && idx.columns.length === 1 });
  }
  for (const f of collection.fields) {
    if (f.type === 'relation' && !isMultiValue(f) && !indexed.has(f.name)) {
      plans.push({ name: `idx_${collection.name}_${f.name}`, unique: false, columns: [f.name], nocase: false });
    }
  }
  return plans;
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
    return indexPlan(collection).map((plan) => {
      const builder = plan.unique ? uniqueIndex(plan.name) : index(plan.name);
      if (!plan.nocase) {
        return builder.on(...(plan.columns.map((c) => cols[c]) as [never, ...never[]]));
      }
      const column = sql.identifier(plan.columns[0] as string);
      const b = builder.on(sql`${column} COLLATE NOCASE`);
      return plan.unique ? b.where(sql`${column} != ''`) : b;
    });
  });
}
