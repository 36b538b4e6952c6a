import { crc32 } from 'node:zlib';

/**
 * Collection definitions: declared once (by modules or tests), normalised here into a registry the
 * record engine, the filter compiler, the db layer and the realtime hub all read.
 */
export type FieldType =
  'text' | 'editor' | 'number' | 'bool' | 'email' | 'url' | 'date' | 'autodate' | 'select' | 'json' | 'relation' | 'file' | 'password';

interface FieldBase {
  name: string;
  required?: boolean;
  /** Hidden fields are never returned to, filtered or sorted by non-superusers. */
  hidden?: boolean;
  /** System fields cannot be removed and some cannot be written by clients. */
  system?: boolean;
}

export interface TextField extends FieldBase {
  type: 'text' | 'editor';
  min?: number;
  max?: number;
  pattern?: string;
  autogeneratePattern?: string;
}
export interface NumberField extends FieldBase {
  type: 'number';
  min?: number;
  max?: number;
  onlyInt?: boolean;
}
export interface BoolField extends FieldBase {
  type: 'bool';
}
export interface EmailField extends FieldBase {
  type: 'email';
  onlyDomains?: string[];
  exceptDomains?: string[];
}
export interface UrlField extends FieldBase {
  type: 'url';
  onlyDomains?: string[];
  exceptDomains?: string[];
}
export interface DateField extends FieldBase {
  type: 'date';
  min?: string;
  max?: string;
}
export interface AutodateField extends FieldBase {
  type: 'autodate';
  onCreate: boolean;
  onUpdate: boolean;
}
export interface SelectField extends FieldBase {
  type: 'select';
  values: string[];
  maxSelect?: number;
}
export interface JsonField extends FieldBase {
  type: 'json';
  maxSize?: number;
}
export interface RelationField extends FieldBase {
  type: 'relation';
  /** Target collection name. */
  collection: string;
  maxSelect?: number;
  minSelect?: number;
  cascadeDelete?: boolean;
}
export interface FileField extends FieldBase {
  type: 'file';
  maxSelect?: number;
  maxSize?: number;
  mimeTypes?: string[];
  thumbs?: string[];
  protected?: boolean;
}
export interface PasswordField extends FieldBase {
  type: 'password';
  min?: number;
  max?: number;
}

export type FieldDef =
  | TextField
  | NumberField
  | BoolField
  | EmailField
  | UrlField
  | DateField
  | AutodateField
  | SelectField
  | JsonField
  | RelationField
  | FileField
  | PasswordField;

/** `null` = superusers only, `""` = anyone, otherwise a filter expression. */
export type Rule = string | null;

export interface IndexDef {
  columns: string[];
  unique?: boolean;
  /** SQL collation for unique text columns, e.g. NOCASE for emails. */
  nocase?: boolean;
  name?: string;
}

export interface AuthOptions {
  authRule: Rule;
  manageRule: Rule;
  passwordAuth: { enabled: boolean; identityFields: string[] };
  authTokenDuration: number;
  verificationTokenDuration: number;
  passwordResetTokenDuration: number;
  emailChangeTokenDuration: number;
  fileTokenDuration: number;
  otp: { enabled: boolean; duration: number; length: number };
  mfa: { enabled: boolean; duration: number; rule: string };
}

export interface CollectionDef {
  name: string;
  type?: 'base' | 'auth';
  /** Defaults to PocketBase's `pbc_` + crc32(type + name). */
  id?: string;
  system?: boolean;
  fields: FieldDef[];
  listRule?: Rule;
  viewRule?: Rule;
  createRule?: Rule;
  updateRule?: Rule;
  deleteRule?: Rule;
  indexes?: IndexDef[];
  auth?: Partial<AuthOptions>;
}

export interface Collection {
  id: string;
  name: string;
  type: 'base' | 'auth';
  system: boolean;
  fields: FieldDef[];
  fieldsByName: Map<string, FieldDef>;
  listRule: Rule;
  viewRule: Rule;
  createRule: Rule;
  updateRule: Rule;
  deleteRule: Rule;
  indexes: IndexDef[];
  auth: AuthOptions | null;
  /** Fields of file type, precomputed for the write and delete paths. */
  fileFields: FileField[];
}

export const SUPERUSERS = '_superusers';

export const DEFAULT_ID_PATTERN = '^[a-z0-9]+$';
export const DEFAULT_TEXT_MAX = 5000;
export const DEFAULT_FILE_MAX_SIZE = 5 * 1024 * 1024;
export const DEFAULT_JSON_MAX_SIZE = 1024 * 1024;

export function collectionIdFor(type: string, name: string): string {
  return `pbc_${crc32(type + name)}`;
}

export function isMultiValue(field: FieldDef): boolean {
  return (field.type === 'select' || field.type === 'relation' || field.type === 'file') && (field.maxSelect ?? 1) > 1;
}

function idField(): TextField {
  return {
    name: 'id',
    type: 'text',
    system: true,
    required: true,
    min: 15,
    max: 15,
    pattern: DEFAULT_ID_PATTERN,
    autogeneratePattern: '[a-z0-9]{15}',
  };
}

function authSystemFields(): FieldDef[] {
  return [
    { name: 'password', type: 'password', system: true, hidden: true, required: true, min: 8, max: 71 },
    { name: 'tokenKey', type: 'text', system: true, hidden: true, required: true, min: 30, max: 60 },
    { name: 'email', type: 'email', system: true, required: true },
    { name: 'emailVisibility', type: 'bool', system: true },
    { name: 'verified', type: 'bool', system: true },
  ];
}

const DEFAULT_AUTH: AuthOptions = {
  authRule: '',
  manageRule: null,
  passwordAuth: { enabled: true, identityFields: ['email'] },
  authTokenDuration: 604800,
  verificationTokenDuration: 259200,
  passwordResetTokenDuration: 1800,
  emailChangeTokenDuration: 1800,
  fileTokenDuration: 180,
  otp: { enabled: false, duration: 180, length: 8 },
  mfa: { enabled: false, duration: 1800, rule: '' },
};

/** Normalises one definition: system fields, defaults, id. */
export function normalizeCollection(def: CollectionDef): Collection {
  const type = def.type ?? 'base';
  const declared = def.fields.filter((f) => f.name !== 'id');
  const system: FieldDef[] = [def.fields.find((f) => f.name === 'id') ?? idField()];
  if (type === 'auth') {
    for (const f of authSystemFields()) if (!declared.some((d) => d.name === f.name)) system.push(f);
  }
  const fields = [...system, ...declared];
  const fieldsByName = new Map(fields.map((f) => [f.name, f]));
  if (fieldsByName.size !== fields.length) throw new Error(`Collection ${def.name} declares a field twice`);
  for (const f of fields) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(f.name)) throw new Error(`Invalid field name ${def.name}.${f.name}`);
  }
  const indexes = [...(def.indexes ?? [])];
  if (type === 'auth') {
    indexes.push({ columns: ['email'], unique: true, nocase: true }, { columns: ['tokenKey'], unique: true });
  }
  return {
    id: def.id ?? collectionIdFor(type, def.name),
    name: def.name,
    type,
    system: def.system ?? def.name.startsWith('_'),
    fields,
    fieldsByName,
    listRule: def.listRule === undefined ? null : def.listRule,
    viewRule: def.viewRule === undefined ? null : def.viewRule,
    createRule: def.createRule === undefined ? null : def.createRule,
    updateRule: def.updateRule === undefined ? null : def.updateRule,
    deleteRule: def.deleteRule === undefined ? null : def.deleteRule,
    indexes,
    auth: type === 'auth' ? { ...DEFAULT_AUTH, ...def.auth } : null,
    fileFields: fields.filter((f): f is FileField => f.type === 'file'),
  };
}

/** A reference from some collection's relation field to a target collection. */
export interface Reference {
  collection: Collection;
  field: RelationField;
}

/** All collections of the app, looked up by id (exact) or name (case-insensitive). */
export class CollectionRegistry {
  private readonly byId = new Map<string, Collection>();
  private readonly byLowerName = new Map<string, Collection>();
  private readonly referencesTo = new Map<string, Reference[]>();

  constructor(defs: CollectionDef[]) {
    for (const def of defs) {
      const c = normalizeCollection(def);
      if (this.byLowerName.has(c.name.toLowerCase())) throw new Error(`Duplicate collection ${c.name}`);
      this.byId.set(c.id, c);
      this.byLowerName.set(c.name.toLowerCase(), c);
    }
    for (const c of this.byId.values()) {
      for (const f of c.fields) {
        if (f.type !== 'relation') continue;
        const target = this.byLowerName.get(f.collection.toLowerCase());
        if (!target) throw new Error(`Relation ${c.name}.${f.name} points to unknown collection ${f.collection}`);
        const list = this.referencesTo.get(target.id) ?? [];
        list.push({ collection: c, field: f });
        this.referencesTo.set(target.id, list);
      }
    }
  }

  get(idOrName: string): Collection | undefined {
    return this.byId.get(idOrName) ?? this.byLowerName.get(idOrName.toLowerCase());
  }

  /** Exact-name or id lookup, as realtime topics match. */
  getExact(idOrName: string): Collection | undefined {
    const c = this.byId.get(idOrName) ?? this.byLowerName.get(idOrName.toLowerCase());
    return c && (c.id === idOrName || c.name === idOrName) ? c : undefined;
  }

  all(): Collection[] {
    return [...this.byId.values()];
  }

  /** Relation fields (in any collection) that point at the given collection. */
  references(target: Collection): Reference[] {
    return this.referencesTo.get(target.id) ?? [];
  }

  relationTarget(field: RelationField): Collection {
    const c = this.byLowerName.get(field.collection.toLowerCase());
    if (!c) throw new Error(`Unknown relation target ${field.collection}`);
    return c;
  }

  /** True when a single-relation field has a single-column unique index (back-relation is 1:1). */
  isUniqueRelation(collection: Collection, field: RelationField): boolean {
    return !isMultiValue(field) && collection.indexes.some((i) => i.unique && i.columns.length === 1 && i.columns[0] === field.name);
  }
}

/** Base request body limit (32 MiB), as PocketBase. */
export const BASE_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * The body limit of a collection's create/update requests: the base limit plus, for each field
 * that declares a size, its maximum (files: maxSize × maxSelect; json: maxSize).
 */
export function bodyLimitOf(collection: Collection): number {
  let limit = BASE_BODY_LIMIT;
  for (const f of collection.fields) {
    if (f.type === 'file') limit += (f.maxSize || DEFAULT_FILE_MAX_SIZE) * Math.max(1, f.maxSelect ?? 1);
    else if (f.type === 'json') limit += f.maxSize || DEFAULT_JSON_MAX_SIZE;
  }
  return limit;
}
