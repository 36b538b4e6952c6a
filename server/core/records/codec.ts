import type { Collection, FieldDef } from '../collections.ts';
import { columnKind } from '../../db/collection-table.ts';
import type { SqlValue } from '../filter/compile.ts';

export type StoredRow = Record<string, unknown>;
export type RecordJson = Record<string, unknown>;

type Kind = ReturnType<typeof columnKind>;
interface CodecField { name: string; kind: Kind; hidden: boolean; neverShown: boolean }

const codecCache = new WeakMap<Collection, CodecField[]>();

function codecFields(collection: Collection): CodecField[] {
  let fields = codecCache.get(collection);
  if (!fields) {
    fields = collection.fields.map((f) => ({
      name: f.name,
      kind: columnKind(f),
      hidden: Boolean(f.hidden),
      // Password hashes and token keys never leave the server, not even for superusers.
      neverShown: f.type === 'password' || (collection.type === 'auth' && f.name === 'tokenKey'),
    }));
    codecCache.set(collection, fields);
  }
  return fields;
}

export interface SerializeOptions {
  showHidden: boolean;
  /** Whether an auth record's email may be shown (visibility, self, superuser or manager). */
  showEmail: (row: StoredRow) => boolean;
}

function decode(kind: Kind, raw: unknown): unknown {
  switch (kind) {
    case 'bool': return raw === 1 || raw === true;
    case 'real': return typeof raw === 'number' ? raw : Number(raw ?? 0);
    case 'jsonArray': return raw === '[]' || raw == null ? [] : JSON.parse(String(raw));
    case 'json': return raw == null ? null : JSON.parse(String(raw));
    default: return raw ?? '';
  }
}

/** A stored row as the API's record JSON. */
export function serializeRecord(collection: Collection, row: StoredRow, opts: SerializeOptions): RecordJson {
  const out: RecordJson = { collectionId: collection.id, collectionName: collection.name };
  for (const f of codecFields(collection)) {
    if (f.neverShown || (f.hidden && !opts.showHidden)) continue;
    out[f.name] = decode(f.kind, row[f.name]);
  }
  if (collection.type === 'auth' && !opts.showHidden && !opts.showEmail(row)) delete out.email;
  return out;
}

/** A field's value as its typed JS value (for modifiers and validation). */
export function decodeField(field: FieldDef, raw: unknown): unknown {
  return decode(columnKind(field), raw);
}

/** A typed JS value as the SQLite value stored in the field's column. */
export function encodeField(field: FieldDef, value: unknown): SqlValue {
  switch (columnKind(field)) {
    case 'bool': return value ? 1 : 0;
    case 'real': return typeof value === 'number' && Number.isFinite(value) ? value : 0;
    case 'jsonArray': return JSON.stringify(Array.isArray(value) ? value : []);
    case 'json': return value === undefined || value === null ? null : JSON.stringify(value);
    default: return value == null ? '' : String(value);
  }
}

/** The default value of a field on a new record. */
export function defaultValue(field: FieldDef): unknown {
  return decode(columnKind(field), columnKind(field) === 'json' ? null : undefined);
}
