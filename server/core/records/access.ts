import type { Collection, CollectionRegistry, Rule } from '../collections.ts';
import { ApiError } from '../errors.ts';
import {
  compileFilter,
  FilterCompileError,
  FilterForbiddenError,
  FilterLimitError,
  FilterSyntaxError,
  type CompileContext,
  type SqlFragment,
} from '../filter/compile.ts';
import { isSuperuser, type RequestInfo } from '../request-info.ts';
import type { SqlStatements } from '../../db/sql.ts';
import { serializeRecord, type RecordJson, type StoredRow } from './codec.ts';
import { RowCache } from './row-cache.ts';

export const ROW_ALIAS = '_r';

/**
 * Rule evaluation and record visibility: compiles a collection rule for a request into SQL, and
 * serialises rows with the requester's view of hidden fields and emails.
 */
export class Access {
  /** Rows read without a rule condition (expand), until the next write. */
  readonly rowCache: RowCache;

  constructor(
    readonly registry: CollectionRegistry,
    readonly stmts: SqlStatements,
    private readonly now: () => Date,
  ) {
    this.rowCache = new RowCache(stmts);
  }

  /**
   * The SQL condition a rule adds for this request: null when nothing is added (superuser or
   * empty rule). A `null` rule throws 403 for non-superusers.
   */
  ruleCondition(collection: Collection, rule: Rule, req: RequestInfo, alias = ROW_ALIAS): SqlFragment | null {
    if (isSuperuser(req)) return null;
    if (rule === null) throw new ApiError(403, 'Only superusers can perform this action.');
    if (rule.trim() === '') return null;
    // Rules that read nothing of the request but the auth record compile the same for the same
    // auth row: cache them on that row object (a changed auth record is a new object). Whether a
    // rule reads more (body, query, @now…) comes from compiling it, never from its raw text.
    const bucket = this.ruleCacheFor(req);
    const key = `${collection.id}|${alias}|${rule}`;
    const cached = bucket.get(key);
    if (cached) return cached;
    try {
      const compiled = compileFilter(rule, {
        registry: this.registry,
        collection,
        alias,
        request: req,
        allowHidden: true,
        allowRequestAndCollection: true,
        serverRule: true,
        now: this.now(),
        dialect: this.stmts.dialect,
      });
      const fragment = { sql: compiled.sql, params: compiled.params };
      if (!compiled.volatile) {
        if (bucket.size > 200) bucket.clear();
        bucket.set(key, fragment);
      }
      return fragment;
    } catch (err) {
      if (err instanceof FilterSyntaxError || err instanceof FilterCompileError) {
        // A broken rule is a server bug; refuse access rather than leak.
        throw new Error(`Invalid rule on ${collection.name}: ${err.message}`);
      }
      throw err;
    }
  }

  private readonly guestRules = new Map<string, SqlFragment>();
  private readonly authRules = new WeakMap<object, Map<string, SqlFragment>>();

  private ruleCacheFor(req: RequestInfo): Map<string, SqlFragment> {
    if (!req.auth) return this.guestRules;
    let m = this.authRules.get(req.auth.row);
    if (!m) {
      m = new Map();
      this.authRules.set(req.auth.row, m);
    }
    return m;
  }

  /** Same as ruleCondition but a `null` rule yields "never" instead of throwing (expand, realtime). */
  ruleConditionOrNever(collection: Collection, rule: Rule, req: RequestInfo, alias = ROW_ALIAS): SqlFragment | null | 'never' {
    if (!isSuperuser(req) && rule === null) return 'never';
    return this.ruleCondition(collection, rule, req, alias);
  }

  /**
   * The compile context of a client filter or sort: hidden fields, `@collection` and `@request`
   * only for superusers (decided by the compiler on the parsed identifiers, in any letter case),
   * and relation paths limited to what the caller may list.
   */
  clientContext(collection: Collection, req: RequestInfo, alias = ROW_ALIAS): CompileContext {
    const superuser = isSuperuser(req);
    return {
      registry: this.registry,
      collection,
      alias,
      request: req,
      now: this.now(),
      dialect: this.stmts.dialect,
      allowHidden: superuser,
      allowRequestAndCollection: superuser,
      enforceListRules: !superuser,
    };
  }

  /** A client-supplied filter; errors become the contract's 403/400. */
  clientFilter(collection: Collection, filter: string, req: RequestInfo, alias = ROW_ALIAS): SqlFragment {
    try {
      const { sql, params } = compileFilter(filter, this.clientContext(collection, req, alias));
      return { sql, params };
    } catch (err) {
      throw clientFilterError(err);
    }
  }

  /** Loads one row by id if the rule lets the request see it. */
  findWithRule(collection: Collection, id: string, rule: Rule, req: RequestInfo): StoredRow | undefined {
    const q = this.byIdWithRule(collection, id, rule, req);
    return this.stmts.get(q.sql, q.params);
  }

  /** The same, read without blocking the event loop where the engine can (the view route). */
  async findWithRuleAsync(collection: Collection, id: string, rule: Rule, req: RequestInfo): Promise<StoredRow | undefined> {
    const cond = this.ruleCondition(collection, rule, req);
    const q = this.byIdWithCondition(collection, id, cond);
    const load = async () => (await this.stmts.allAsync(q.sql, q.params))[0];
    // Without a rule condition every existing row is visible: the row cache may answer.
    return cond ? load() : this.rowCache.byIdAsync(collection.id, id, load);
  }

  private byIdWithRule(collection: Collection, id: string, rule: Rule, req: RequestInfo): SqlFragment {
    return this.byIdWithCondition(collection, id, this.ruleCondition(collection, rule, req));
  }

  private byIdWithCondition(collection: Collection, id: string, cond: SqlFragment | null): SqlFragment {
    const sql = `SELECT ${ROW_ALIAS}.* FROM "${collection.name}" AS ${ROW_ALIAS} WHERE ${ROW_ALIAS}."id" = ?${cond ? ` AND ${cond.sql}` : ''} LIMIT 1`;
    return { sql, params: [id, ...(cond?.params ?? [])] };
  }

  /**
   * Checks a rule against a row that is not (or not yet) stored: the row's values are bound as a
   * one-row derived table under the usual alias.
   */
  virtualRowPasses(collection: Collection, row: StoredRow, rule: Rule, req: RequestInfo): boolean {
    const cond = this.ruleCondition(collection, rule, req);
    return cond ? this.virtualRowMatches(collection, row, cond) : true;
  }

  /** Evaluates a compiled condition against a row's values bound as a one-row derived table. */
  virtualRowMatches(collection: Collection, row: StoredRow, cond: SqlFragment): boolean {
    const names = collection.fields.map((f) => f.name);
    const select = this.rowSelect(collection);
    const values = names.map((n) => {
      const v = row[n];
      return v === undefined || typeof v === 'boolean' ? (v === undefined ? null : Number(v)) : (v as string | number | null);
    });
    const sql = `SELECT 1 FROM (SELECT ${select}) AS ${ROW_ALIAS} WHERE ${cond.sql} LIMIT 1`;
    return this.stmts.get(sql, [...values, ...cond.params]) !== undefined;
  }

  /** The select list of a row bound as a one-row derived table (`? AS "name"`, typed where the dialect needs it). */
  private rowSelect(collection: Collection): string {
    const d = this.stmts.dialect;
    return collection.fields
      .map((f) => `${d.typed(f.type === 'number' ? 'real' : f.type === 'bool' ? 'int' : 'text')} AS "${f.name}"`)
      .join(', ');
  }

  /**
   * Which of many auth records (all of one auth collection) pass a rule for a row: one query
   * instead of one per user (realtime fan-out to thousands of subscribers).
   */
  authIdsPassing(collection: Collection, row: StoredRow, rule: string, authCollection: Collection, ids: readonly string[]): Set<string> {
    const names = collection.fields.map((f) => f.name);
    const values = names.map((n) => {
      const v = row[n];
      return v === undefined || typeof v === 'boolean' ? (v === undefined ? null : Number(v)) : (v as string | number | null);
    });
    const query = this.authIdsQuery(collection, rule, authCollection, names);
    return new Set(this.stmts.column(query.sql, [...values, JSON.stringify(ids), ...query.params]).map(String));
  }

  /** Compiled once per (collection, rule, auth collection) unless the rule reads more than the auth record. */
  private readonly authIdsQueries = new Map<string, SqlFragment>();

  private authIdsQuery(collection: Collection, rule: string, authCollection: Collection, names: string[]): SqlFragment {
    const key = `${collection.id}|${authCollection.id}|${names.length}|${rule}`;
    const cached = this.authIdsQueries.get(key);
    if (cached) return cached;
    const alias = '_au';
    const req: RequestInfo = { auth: null, method: 'GET', context: 'realtime', query: {}, headers: {}, body: {} };
    const cond = compileFilter(rule, {
      registry: this.registry,
      collection,
      alias: ROW_ALIAS,
      request: req,
      allowHidden: true,
      allowRequestAndCollection: true,
      serverRule: true,
      now: this.now(),
      dialect: this.stmts.dialect,
      authAlias: { alias, collection: authCollection },
    });
    const select = this.rowSelect(collection);
    const query = {
      sql:
        `SELECT ${alias}."id" AS id FROM (SELECT ${select}) AS ${ROW_ALIAS}, "${authCollection.name}" AS ${alias} ` +
        `WHERE ${alias}."id" IN (SELECT value FROM ${this.stmts.dialect.jsonEach('?')}) AND ${cond.sql}`,
      params: cond.params,
    };
    // Rules with @now-like macros or other request data compile differently each time.
    if (!cond.volatile) {
      if (this.authIdsQueries.size > 500) this.authIdsQueries.clear();
      this.authIdsQueries.set(key, query);
    }
    return query;
  }

  serialize(collection: Collection, row: StoredRow, req: RequestInfo): RecordJson {
    const authId = req.auth?.collection.id === collection.id ? String(req.auth.row.id) : undefined;
    return serializeRecord(collection, row, { showHidden: isSuperuser(req), authId });
  }
}

/**
 * The contract's answer to a client filter or sort that does not compile: 403 for `@collection` /
 * `@request` without the right, 400 naming the limit for an exceeded limit, else a plain 400.
 */
export function clientFilterError(err: unknown): unknown {
  if (err instanceof FilterForbiddenError) return new ApiError(403, err.message);
  if (err instanceof FilterLimitError || (err instanceof FilterSyntaxError && err.isLimit)) return new ApiError(400, err.message, {});
  if (err instanceof FilterSyntaxError || err instanceof FilterCompileError) {
    return new ApiError(400, 'Something went wrong while processing your request.', {});
  }
  return err;
}
