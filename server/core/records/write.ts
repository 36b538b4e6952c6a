import { isMultiValue, type Collection, type FieldDef } from '../collections.ts';
import { formatDateTime } from '../datetime.ts';
import { ApiError, fieldError, type FieldError } from '../errors.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { deleteFileWithThumbs } from '../files/thumbs.ts';
import type { FileStorage } from '../files/storage.ts';
import { newRecordId, randomString } from '../../../shared/ids.ts';
import { isSuperuser, type RequestInfo } from '../request-info.ts';
import type { SqlValue } from '../filter/compile.ts';
import { isDuplicatePrimaryKey } from '../../db/db-errors.ts';
import type { Access } from './access.ts';
import { decodeField, defaultValue, encodeField, type StoredRow } from './codec.ts';
import { StagedFiles, resolveFileField, type UploadedFile } from './files-input.ts';
import { modifierKeys, normalizeValue } from './normalize.ts';
import { validateRecord, type ValidationLookups } from './validate.ts';
import type { TxOps, WriteHooks } from './hooks.ts';

export interface WriteInput {
  data: Record<string, unknown>;
  files: Record<string, UploadedFile[]>;
  /** Multipart/urlencoded bodies: json field strings are parsed. */
  fromForm: boolean;
}

/** A write that did its async work (uploads, hashing) and awaits its synchronous apply. */
export interface PreparedWrite {
  readonly action: 'create' | 'update' | 'delete';
  readonly collection: Collection;
  readonly req: RequestInfo;
  /** Runs inside the transaction; returns the stored rows it touched (for events). */
  apply(): AppliedWrite;
  /** Undoes side effects outside the database (uploaded files) when the transaction failed. */
  discard(): Promise<void>;
}

export interface AppliedWrite {
  row: StoredRow;
  /** Other records changed as a consequence (cascade deletes, relation ids removed), in order. */
  sideEffects: Array<{ action: 'update' | 'delete'; collection: Collection; row: StoredRow }>;
  /** Records written by hooks after this write (their events follow this write's event). */
  followUps?: Array<{ action: 'create' | 'update'; collection: Collection; row: StoredRow }>;
  /** Files replaced or removed, deleted once committed. */
  staleFiles: Array<{ prefix: string; name: string }>;
  /** Storage folders of deleted records, removed once committed. */
  removedPrefixes: string[];
}

export interface WriteDeps {
  access: Access;
  storage: FileStorage;
  now: () => Date;
  hooks: WriteHooks;
  /** Builds the transaction-bound write API for hooks; collects what they write into `followUps`. */
  txOps: (followUps: NonNullable<AppliedWrite['followUps']>) => TxOps;
  /**
   * Called inside a delete's transaction for each record it removes (cascades included), while
   * every one of them still exists: realtime works out who may see each delete event here, as
   * the rules of a cascaded record usually pass through its (also deleted) parents.
   */
  deleting?: (collection: Collection, row: StoredRow) => void;
}

const AUTH_FORM_KEYS = new Set(['password', 'passwordConfirm', 'oldPassword']);

/** Applies `f+`, `+f`, `f-` modifiers to typed values (numbers, multi selects/relations). */
function applyModifiers(
  field: FieldDef,
  current: unknown,
  data: Record<string, unknown>,
  fromForm: boolean,
): { value: unknown; touched: boolean; error?: FieldError } {
  const keys = modifierKeys(field.name);
  let value = current;
  let touched = false;
  if (Object.hasOwn(data, keys.set)) {
    const n = normalizeValue(field, data[keys.set], fromForm);
    if (!n.ok) return { value, touched: true, error: fieldError(n.code, n.message) };
    value = n.value;
    touched = true;
  }
  const has = (k: string) => Object.hasOwn(data, k);
  if (field.type === 'number') {
    for (const [k, sign] of [
      [keys.append, 1],
      [keys.remove, -1],
    ] as const) {
      if (!has(k)) continue;
      const n = normalizeValue(field, data[k], fromForm);
      if (!n.ok) return { value, touched: true, error: fieldError(n.code, n.message) };
      value = (value as number) + sign * (n.value as number);
      touched = true;
    }
  } else if (field.type === 'select' || field.type === 'relation') {
    const multi = isMultiValue(field);
    const asList = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : v ? [String(v)] : []);
    const listOf = (k: string) =>
      asList((normalizeValue({ ...field, maxSelect: 2 } as FieldDef, data[k], fromForm) as { value: unknown }).value);
    let list = asList(value);
    if (has(keys.prepend)) {
      list = [...listOf(keys.prepend), ...list];
      touched = true;
    }
    if (has(keys.append)) {
      list = [...list, ...listOf(keys.append)];
      touched = true;
    }
    if (has(keys.remove)) {
      const rm = new Set(listOf(keys.remove));
      list = list.filter((x) => !rm.has(x));
      touched = true;
    }
    list = [...new Set(list)];
    value = multi ? list : (list[list.length - 1] ?? '');
  }
  return { value, touched };
}

abstract class SaveBase implements PreparedWrite {
  abstract readonly action: 'create' | 'update';
  protected staged!: StagedFiles;
  protected passwordHash: string | null = null;
  protected authErrors: Record<string, FieldError> = {};

  constructor(
    protected readonly deps: WriteDeps,
    readonly collection: Collection,
    readonly req: RequestInfo,
    protected readonly input: WriteInput,
    readonly recordId: string,
  ) {}

  protected get superuser(): boolean {
    return isSuperuser(this.req);
  }

  /** Auth collections: password/passwordConfirm/oldPassword checks and hashing (async). */
  protected async prepareAuth(existing: StoredRow | undefined): Promise<void> {
    if (this.collection.type !== 'auth') return;
    const d = this.input.data;
    const password = typeof d.password === 'string' ? d.password : d.password == null ? '' : String(d.password);
    const wantsPassword = this.action === 'create' || Object.hasOwn(d, 'password');
    if (!wantsPassword) return;
    // Every failing auth field is reported at once (PocketBase validates the whole form).
    const confirm = d.passwordConfirm == null ? '' : d.passwordConfirm;
    if (confirm === '') this.authErrors.passwordConfirm = fieldError('validation_required', 'Cannot be blank.');
    else if (confirm !== d.password) this.authErrors.passwordConfirm = fieldError('validation_values_mismatch', "Values don't match.");
    if (!password) {
      this.authErrors.password = fieldError('validation_required', 'Cannot be blank.');
      return;
    }
    if (this.action === 'update' && !this.superuser) {
      const old = typeof d.oldPassword === 'string' ? d.oldPassword : '';
      if (!old) this.authErrors.oldPassword = fieldError('validation_required', 'Cannot be blank.');
      else if (!(await verifyPassword(String(existing?.password ?? ''), old))) {
        this.authErrors.oldPassword = fieldError('validation_invalid_old_password', 'Missing or invalid old password.');
      }
    }
    const field = this.collection.fieldsByName.get('password');
    const min = field?.type === 'password' ? (field.min ?? 8) : 8;
    const max = field?.type === 'password' ? (field.max ?? 71) : 71;
    if ([...password].length < min)
      this.authErrors.password = fieldError('validation_min_text_constraint', `Must be at least ${min} character(s).`, { min });
    else if ([...password].length > max)
      this.authErrors.password = fieldError('validation_max_text_constraint', `Must be less than ${max} character(s).`, { max });
    if (Object.keys(this.authErrors).length === 0) this.passwordHash = await hashPassword(password);
  }

  /** Resolves every submitted key into the record's new typed values. */
  protected resolveValues(existing: Record<string, unknown>): {
    values: Record<string, unknown>;
    errors: Record<string, FieldError>;
    staleFiles: string[];
  } {
    const values: Record<string, unknown> = { ...existing };
    const errors: Record<string, FieldError> = {};
    const staleFiles: string[] = [];
    const data = this.input.data;
    for (const field of this.collection.fields) {
      if (field.type === 'autodate' || field.type === 'password') continue;
      if (field.name === 'tokenKey' && !this.superuser) continue;
      if (field.hidden && !this.superuser) continue;
      if (field.type === 'file') {
        const before = (isMultiValue(field) ? existing[field.name] : existing[field.name] ? [existing[field.name]] : []) as string[];
        const { files, error } = resolveFileField(field, before, data, this.staged);
        if (error) errors[field.name] = error;
        values[field.name] = isMultiValue(field) ? files : (files[0] ?? '');
        for (const name of before) if (!files.includes(name)) staleFiles.push(name);
        continue;
      }
      const r = applyModifiers(field, existing[field.name], data, this.input.fromForm);
      if (r.error) errors[field.name] = r.error;
      if (r.touched) values[field.name] = r.value;
    }
    return { values, errors, staleFiles };
  }

  /** The body rules see as `@request.body`: resolved values of the submitted keys. */
  protected requestBody(values: Record<string, unknown>): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    const data = this.input.data;
    for (const field of this.collection.fields) {
      const k = modifierKeys(field.name);
      const submitted = [k.set, k.append, k.prepend, k.remove].some((x) => Object.hasOwn(data, x)) || this.staged.byField.has(field.name);
      if (!submitted || (field.hidden && !this.superuser && field.name !== 'password')) continue;
      body[field.name] = field.type === 'password' ? data.password : values[field.name];
    }
    return body;
  }

  protected lookups(): ValidationLookups {
    const access = this.deps.access;
    return {
      existingRelationIds(field, ids) {
        if (ids.length === 0) return new Set();
        const target = access.registry.relationTarget(field);
        // One id (the usual case) by the primary key alone: PostgreSQL unpacks a JSON array at a
        // cost of its own (80 µs a statement here), SQLite barely notices either way.
        const rows =
          ids.length === 1
            ? access.stmts.all(`SELECT "id" FROM "${target.name}" WHERE "id" = ?`, ids)
            : access.stmts.all(
                `SELECT "id" FROM "${target.name}" WHERE "id" IN (SELECT value FROM ${access.stmts.dialect.jsonEach('?')})`,
                [JSON.stringify(ids)],
              );
        return new Set(rows.map((r) => String(r.id)));
      },
    };
  }

  /** Unique indexes: one clear `validation_not_unique` per column instead of a raw SQLite error. */
  protected uniqueErrors(values: Record<string, unknown>): Record<string, FieldError> {
    const errors: Record<string, FieldError> = {};
    for (const idx of this.collection.indexes) {
      if (!idx.unique) continue;
      const fields = idx.columns.map((c) => this.collection.fieldsByName.get(c)).filter((f): f is FieldDef => Boolean(f));
      const params = fields.map((f) => encodeField(f, values[f.name]));
      if (params.every((p) => p === '' || p === null)) continue;
      const d = this.deps.access.stmts.dialect;
      const where = fields.map((f) => (idx.nocase ? `${d.nocase(`"${f.name}"`)} = ${d.nocase('?')}` : `"${f.name}" = ?`)).join(' AND ');
      const hit = this.deps.access.stmts.get(`SELECT 1 FROM "${this.collection.name}" WHERE ${where} AND "id" != ? LIMIT 1`, [
        ...params,
        this.recordId,
      ]);
      if (hit) for (const f of fields) errors[f.name] = fieldError('validation_not_unique', 'Value must be unique.');
    }
    return errors;
  }

  protected toRow(values: Record<string, unknown>): Record<string, SqlValue> {
    const row: Record<string, SqlValue> = {};
    for (const f of this.collection.fields) row[f.name] = encodeField(f, values[f.name]);
    return row;
  }

  abstract apply(): AppliedWrite;

  get stagedFiles(): StagedFiles {
    return this.staged;
  }

  useStaged(staged: StagedFiles): void {
    this.staged = staged;
  }

  async discard(): Promise<void> {
    await this.staged?.discard();
  }
}

/** Create: rule against the would-be record, then validation, then INSERT. */
export class PreparedCreate extends SaveBase {
  readonly action = 'create' as const;

  static async prepare(
    deps: WriteDeps,
    collection: Collection,
    req: RequestInfo,
    input: WriteInput,
    staged?: StagedFiles,
  ): Promise<PreparedCreate> {
    if (!isSuperuser(req) && collection.createRule === null) throw new ApiError(403, 'Only superusers can perform this action.');
    const submittedId = input.data.id;
    const id = typeof submittedId === 'string' && submittedId !== '' ? submittedId : newRecordId();
    const op = new PreparedCreate(deps, collection, req, input, id);
    op.staged = staged ?? (await StagedFiles.stage(deps.storage, collection, /^[\w-]{1,100}$/.test(id) ? id : newRecordId(), input.files));
    await op.prepareAuth(undefined);
    return op;
  }

  apply(): AppliedWrite {
    const defaults: Record<string, unknown> = {};
    for (const f of this.collection.fields) defaults[f.name] = defaultValue(f);
    defaults.id = this.recordId;
    const { values, errors } = this.resolveValues(defaults);
    values.id = this.recordId;
    const now = formatDateTime(this.deps.now());
    for (const f of this.collection.fields) if (f.type === 'autodate') values[f.name] = now;
    const auth = this.collection.type === 'auth';
    if (auth) {
      values.tokenKey = randomString(50);
      values.password = this.passwordHash ?? '';
      if (this.collection.name === '_superusers') values.verified = true;
      else if (values.verified === true && !this.superuser)
        errors.verified = fieldError('validation_values_mismatch', "Values don't match.");
    }
    const req = { ...this.req, body: this.requestBody(values) };
    const rule = this.collection.createRule;
    if (!this.superuser && rule) {
      const virtual = this.toRow({ ...values, ...(auth ? { verified: false } : {}) });
      if (!this.deps.access.virtualRowPasses(this.collection, virtual, rule, req)) throw new ApiError(400, 'Failed to create record.', {});
    }
    const skip = new Set(auth ? ['password', 'tokenKey'] : []);
    Object.assign(errors, validateRecord(this.collection, values, this.lookups(), skip));
    if (!errors.id && /[/\\]/.test(String(values.id)))
      errors.id = fieldError('validation_pk_forbidden', 'The record primary key contains forbidden characters.');
    Object.assign(errors, this.uniqueErrors(values), { ...errors }, this.authErrors);
    if (Object.keys(errors).length) throw new ApiError(400, 'Failed to create record.', errors);
    const row = this.toRow(values);
    const followUps: NonNullable<AppliedWrite['followUps']> = [];
    const hookCtx = { action: 'create' as const, collection: this.collection, row, req, tx: this.deps.txOps(followUps) };
    this.deps.hooks.runBefore(hookCtx);
    const cols = Object.keys(row);
    try {
      this.deps.access.stmts.run(
        `INSERT INTO "${this.collection.name}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
        cols.map((c) => row[c] ?? null),
      );
    } catch (err) {
      // The primary key itself tells us about a duplicate id (no extra lookup per create).
      if (isDuplicatePrimaryKey(err)) {
        throw new ApiError(400, 'Failed to create record.', {
          id: fieldError('validation_pk_invalid', 'The record primary key is invalid or already exists.'),
        });
      }
      throw err;
    }
    this.deps.hooks.runAfter(hookCtx);
    const final = followUps.length
      ? (this.deps.access.stmts.get(`SELECT * FROM "${this.collection.name}" WHERE "id" = ?`, [this.recordId]) ?? row)
      : row;
    return { row: final, sideEffects: [], staleFiles: [], removedPrefixes: [], followUps };
  }
}

/** Update: modifiers on the stored values, rule via the by-id lookup, validation, UPDATE. */
export class PreparedUpdate extends SaveBase {
  readonly action = 'update' as const;

  static async prepare(
    deps: WriteDeps,
    collection: Collection,
    id: string,
    req: RequestInfo,
    input: WriteInput,
    staged?: StagedFiles,
  ): Promise<PreparedUpdate> {
    if (!isSuperuser(req) && collection.updateRule === null) throw new ApiError(403, 'Only superusers can perform this action.');
    const op = new PreparedUpdate(deps, collection, req, input, id);
    // Existence is checked in apply: an earlier request of the same batch may create the record.
    const existing = deps.access.stmts.get(`SELECT * FROM "${collection.name}" WHERE "id" = ?`, [id]);
    op.staged = staged ?? (await StagedFiles.stage(deps.storage, collection, id, input.files));
    await op.prepareAuth(existing);
    return op;
  }

  apply(): AppliedWrite {
    const stored = this.deps.access.stmts.get(`SELECT * FROM "${this.collection.name}" WHERE "id" = ?`, [this.recordId]);
    if (!stored) throw new ApiError(404);
    const existing: Record<string, unknown> = {};
    for (const f of this.collection.fields) existing[f.name] = decodeField(f, stored[f.name]);
    const { values, errors, staleFiles } = this.resolveValues(existing);
    if (Object.hasOwn(this.input.data, 'id') && this.input.data.id !== this.recordId && this.input.data.id !== '') {
      errors.id = fieldError('validation_pk_change', 'The record primary key cannot be changed.');
    }
    values.id = this.recordId;
    const auth = this.collection.type === 'auth';
    if (auth && !this.superuser) {
      if (values.email !== existing.email) errors.email = fieldError('validation_values_mismatch', "Values don't match.");
      if (values.verified !== existing.verified) errors.verified = fieldError('validation_values_mismatch', "Values don't match.");
    }
    const req = { ...this.req, body: this.requestBody(values) };
    if (!this.deps.access.findWithRule(this.collection, this.recordId, this.collection.updateRule, req)) throw new ApiError(404);
    const now = formatDateTime(this.deps.now());
    for (const f of this.collection.fields) if (f.type === 'autodate' && f.onUpdate) values[f.name] = now;
    if (auth) {
      if (this.passwordHash) values.password = this.passwordHash;
      // A new password or email logs out every existing session.
      if (this.passwordHash || values.email !== existing.email) values.tokenKey = randomString(50);
    }
    const skip = new Set(auth ? ['password', 'tokenKey'] : []);
    Object.assign(errors, validateRecord(this.collection, values, this.lookups(), skip), { ...errors });
    Object.assign(errors, this.uniqueErrors(values), this.authErrors);
    if (Object.keys(errors).length) throw new ApiError(400, 'Failed to update record.', errors);
    const row = this.toRow(values);
    const followUps: NonNullable<AppliedWrite['followUps']> = [];
    const hookCtx = { action: 'update' as const, collection: this.collection, row, before: stored, req, tx: this.deps.txOps(followUps) };
    this.deps.hooks.runBefore(hookCtx);
    const cols = Object.keys(row).filter((c) => c !== 'id');
    this.deps.access.stmts.run(`UPDATE "${this.collection.name}" SET ${cols.map((c) => `"${c}" = ?`).join(', ')} WHERE "id" = ?`, [
      ...cols.map((c) => row[c] ?? null),
      this.recordId,
    ]);
    this.deps.hooks.runAfter(hookCtx);
    const prefix = `${this.collection.id}/${this.recordId}`;
    return { row, sideEffects: [], staleFiles: staleFiles.map((name) => ({ prefix, name })), removedPrefixes: [], followUps };
  }
}

/** Internal synchronous writes for hooks: no uploads, no passwords, system rights. */
export function internalCreate(deps: WriteDeps, collection: Collection, req: RequestInfo, data: Record<string, unknown>): AppliedWrite {
  const id = typeof data.id === 'string' && data.id ? data.id : newRecordId();
  const op = new PreparedCreate(deps, collection, req, { data, files: {}, fromForm: false }, id);
  op.useStaged(new StagedFiles(deps.storage, `${collection.id}/${id}`));
  return op.apply();
}

export function internalUpdate(
  deps: WriteDeps,
  collection: Collection,
  id: string,
  req: RequestInfo,
  data: Record<string, unknown>,
): AppliedWrite {
  const op = new PreparedUpdate(deps, collection, req, { data, files: {}, fromForm: false }, id);
  op.useStaged(new StagedFiles(deps.storage, `${collection.id}/${id}`));
  return op.apply();
}

/**
 * Batch upsert: update when the record exists at apply time (possibly created earlier in the
 * same batch), create otherwise. Uploads are staged once for both paths.
 */
export class PreparedUpsert implements PreparedWrite {
  private chosen: PreparedWrite;

  private constructor(
    private readonly create: PreparedCreate,
    private readonly update: PreparedUpdate | null,
    private readonly deps: WriteDeps,
  ) {
    this.chosen = create;
  }

  static async prepare(deps: WriteDeps, collection: Collection, req: RequestInfo, input: WriteInput): Promise<PreparedUpsert> {
    const create = await PreparedCreate.prepare(deps, collection, req, input);
    const id = typeof input.data.id === 'string' ? input.data.id : '';
    const update = id ? await PreparedUpdate.prepare(deps, collection, id, req, input, create.stagedFiles).catch(() => null) : null;
    return new PreparedUpsert(create, update, deps);
  }

  get action() {
    return this.chosen.action;
  }
  get collection() {
    return this.chosen.collection;
  }
  get req() {
    return this.chosen.req;
  }

  apply(): AppliedWrite {
    const id = this.update?.recordId ?? '';
    const exists = id && this.deps.access.stmts.get(`SELECT 1 FROM "${this.create.collection.name}" WHERE "id" = ?`, [id]);
    this.chosen = exists && this.update ? this.update : this.create;
    return this.chosen.apply();
  }

  discard(): Promise<void> {
    return this.create.discard();
  }
}

/** Reports a file a committed write no longer uses but the storage could not remove (the write stands). */
export type StorageCleanupReport = (key: string, err: unknown) => void;

/**
 * Removes files replaced or deleted by committed writes (and their thumbs). A failure does not
 * undo the write (it is committed); it is reported, naming the object left behind in storage.
 */
export async function removeStaleFiles(
  storage: FileStorage,
  stale: Array<{ prefix: string; name: string }>,
  report: StorageCleanupReport = () => undefined,
): Promise<void> {
  await Promise.all(
    stale.map((s) => deleteFileWithThumbs(storage, s.prefix, s.name).catch((err: unknown) => report(`${s.prefix}/${s.name}`, err))),
  );
}

export { AUTH_FORM_KEYS };
