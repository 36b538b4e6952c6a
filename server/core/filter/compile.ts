import { isMultiValue, type Collection, type CollectionRegistry, type FieldDef } from '../collections.ts';
import { formatDateTime } from '../datetime.ts';
import { isSuperuser, type RequestInfo } from '../request-info.ts';
import type { Expr, Group, Operand, SignOp } from './ast.ts';
import { likePattern } from './like.ts';
import { sqliteDialect, type SqlDialect } from './dialect.ts';
import {
  FANOUT,
  FilterCompileError,
  FilterForbiddenError,
  FilterLimitError,
  limitError,
  MAX_FILTER_COST,
  MAX_FILTER_LENGTH,
  MAX_RULE_COST,
  MAX_JOINS,
  MAX_LIKE_WILDCARDS,
  MAX_SORT_FIELD_LENGTH,
  MAX_SORT_FIELDS,
  MAX_TEXT_LITERAL_LENGTH,
} from './limits.ts';
import { FilterSyntaxError, parseFilter } from './parser.ts';

/**
 * Compiles the filter/rule language into SQL for SQLite with bound parameters only.
 *
 * Semantics follow PocketBase: relation paths, back-relations, `@collection.*` and `:each` are
 * LEFT JOINs shared by the whole expression (so `@collection.m.user ?= X && @collection.m.org ?= Y`
 * is about the same membership row), and non-`?` operators on multi-valued paths additionally
 * require that every value matches. The joins live inside one EXISTS so the outer query never
 * needs DISTINCT.
 */

export type SqlValue = string | number | null;

export interface SqlFragment {
  sql: string;
  params: SqlValue[];
}

export { FilterCompileError, FilterForbiddenError, FilterLimitError };

/** A compiled filter; `volatile` when its SQL depends on more than the auth record (body, query, clock…). */
export interface CompiledFilter extends SqlFragment {
  volatile: boolean;
}

export interface CompileContext {
  registry: CollectionRegistry;
  collection: Collection;
  /** SQL alias of the collection's table in the outer query. */
  alias: string;
  request: RequestInfo;
  /** Client filters may not touch hidden fields; rules may. */
  allowHidden: boolean;
  /**
   * Whether `@collection.*` and `@request.*` may be used: true for rules (written by the server)
   * and superusers, false for client filters and sorts of everyone else, which then fail with
   * FilterForbiddenError. Decided on the parsed identifier, whatever its letter case.
   */
  allowRequestAndCollection: boolean;
  /** A collection rule written by the server (not a client filter): the larger MAX_RULE_COST applies. */
  serverRule?: boolean;
  /**
   * Client filters of non-superusers: a relation path only reaches records the caller may list
   * (each traversed collection's list rule joins in), so filters cannot probe other tenants.
   */
  enforceListRules?: boolean;
  /**
   * Batch evaluation (realtime fan-out): `@request.auth.*` reads the columns of an auth row joined
   * under this alias instead of bound values, so one query checks a rule for many users at once.
   */
  authAlias?: { alias: string; collection: Collection };
  now: Date;
  /** The SQL dialect of the database the SQL is for (SQLite when unset; nested compiles inherit it). */
  dialect?: SqlDialect;
}

/** The dialect of the compile running now (set by compileFilter/compileSort for their synchronous run). */
let D: SqlDialect = sqliteDialect;

function withDialect<T>(ctx: CompileContext, fn: () => T): T {
  const saved = D;
  D = ctx.dialect ?? saved;
  try {
    return fn();
  } finally {
    D = saved;
  }
}

const MAX_RELATION_DEPTH = 6;

type Resolved =
  | { kind: 'value'; value: SqlValue; isEmpty: boolean }
  | { kind: 'column'; sql: string; params: SqlValue[]; multi: boolean; json: boolean; num?: true };

/** Joins made by one compilation, over all its scopes: checked against MAX_JOINS as they are added. */
class JoinBudget {
  count = 0;

  add(): void {
    if (++this.count > MAX_JOINS) throw limitError('joins (relation paths, back-relations, @collection, :each)', MAX_JOINS);
  }
}

/** Collects the LEFT JOINs of one EXISTS scope, deduplicated by path. */
class JoinScope {
  readonly joins: SqlFragment[] = [];
  private readonly byKey = new Map<string, string>();
  private counter = 0;
  /** Estimated row combinations the joins produce per outer row (product of their fan-outs). */
  fanout = 1;

  constructor(
    private readonly prefix: string,
    private readonly budget: JoinBudget,
  ) {}

  /**
   * Returns the alias for a join key, creating the join with `build(alias)` the first time;
   * `fanout` estimates how many rows it adds per joined row (see FANOUT).
   */
  join(key: string, build: (alias: string) => SqlFragment, fanout: number): string {
    const existing = this.byKey.get(key);
    if (existing) return existing;
    this.budget.add();
    const alias = `${this.prefix}${++this.counter}`;
    this.byKey.set(key, alias);
    this.joins.push(build(alias));
    // Capped so a long product cannot overflow to Infinity before the check.
    this.fanout = Math.min(this.fanout * Math.max(1, fanout), Number.MAX_SAFE_INTEGER);
    return alias;
  }

  get empty(): boolean {
    return this.joins.length === 0;
  }

  /** Wraps a condition so the scope's joins are evaluated inside one EXISTS. */
  wrap(cond: SqlFragment): SqlFragment {
    if (this.empty) return cond;
    const joinSql = this.joins.map((j) => j.sql).join(' ');
    return {
      sql: `EXISTS (SELECT 1 FROM (SELECT 1) AS ${this.prefix}0 ${joinSql} WHERE ${cond.sql})`,
      params: [...this.joins.flatMap((j) => j.params), ...cond.params],
    };
  }
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const MACROS: Record<string, (now: Date) => SqlValue> = {
  '@now': (n) => formatDateTime(n),
  '@yesterday': (n) => formatDateTime(new Date(n.getTime() - 86400000)),
  '@tomorrow': (n) => formatDateTime(new Date(n.getTime() + 86400000)),
  '@todaystart': (n) => formatDateTime(new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate()))),
  '@todayend': (n) => formatDateTime(new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate(), 23, 59, 59, 999))),
  '@monthstart': (n) => formatDateTime(new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), 1))),
  '@monthend': (n) => formatDateTime(new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() + 1, 0, 23, 59, 59, 999))),
  '@yearstart': (n) => formatDateTime(new Date(Date.UTC(n.getUTCFullYear(), 0, 1))),
  '@yearend': (n) => formatDateTime(new Date(Date.UTC(n.getUTCFullYear(), 11, 31, 23, 59, 59, 999))),
  '@second': (n) => n.getUTCSeconds(),
  '@minute': (n) => n.getUTCMinutes(),
  '@hour': (n) => n.getUTCHours(),
  '@day': (n) => n.getUTCDate(),
  '@month': (n) => n.getUTCMonth() + 1,
  '@weekday': (n) => n.getUTCDay(),
  '@year': (n) => n.getUTCFullYear(),
};

function value(v: unknown): Resolved {
  let out: SqlValue;
  if (v === undefined || v === null) out = null;
  else if (typeof v === 'boolean') out = v ? 1 : 0;
  else if (typeof v === 'number') out = Number.isFinite(v) ? v : null;
  else if (typeof v === 'string') out = v;
  else out = JSON.stringify(v);
  return { kind: 'value', value: out, isEmpty: out === null || out === '' };
}

/** Splits `a.b.c:mod` into segments and the last segment's modifier. */
function splitPath(name: string): { segments: string[]; modifier: string | null } {
  const segments = name.split('.');
  const last = segments[segments.length - 1] ?? '';
  const colon = last.indexOf(':');
  if (colon === -1) return { segments, modifier: null };
  segments[segments.length - 1] = last.slice(0, colon);
  return { segments, modifier: last.slice(colon + 1).toLowerCase() };
}

/** Root of an identifier (`@collection`, `@request`, `title`…) in lower case, for the access check. */
function rootOf(name: string): string {
  const dot = name.indexOf('.');
  return (dot === -1 ? name : name.slice(0, dot)).toLowerCase();
}

/**
 * `@collection` / `@request` in any letter case: refused for callers without the right, before
 * anything is resolved (so `@COLLECTION.x` cannot slip past a case-sensitive check into a join).
 */
function guardMacro(name: string, ctx: CompileContext): void {
  if (ctx.allowRequestAndCollection) return;
  const root = rootOf(name);
  if (root === '@collection' || root === '@request') throw new FilterForbiddenError(root);
}

/** Every identifier of a parsed filter, function arguments included, in source order. */
function* identifiers(group: Group): Generator<string> {
  const fromOperand = function* (op: Operand): Generator<string> {
    if (op.kind === 'identifier') yield op.name;
    else if (op.kind === 'call') for (const a of op.args) yield* fromOperand(a);
  };
  for (const item of group.items) {
    if (item.node.kind === 'group') yield* identifiers(item.node);
    else {
      yield* fromOperand(item.node.left);
      yield* fromOperand(item.node.right);
    }
  }
}

/** PocketBase reports `@collection` before `@request` when a filter uses both. */
function checkMacros(names: Iterable<string>, ctx: CompileContext): void {
  if (ctx.allowRequestAndCollection) return;
  let refused: FilterForbiddenError | null = null;
  for (const name of names) {
    try {
      guardMacro(name, ctx);
    } catch (err) {
      if (!(err instanceof FilterForbiddenError)) throw err;
      if (err.macro === '@collection') throw err;
      refused ??= err;
    }
  }
  if (refused) throw refused;
}

function countUnescapedWildcards(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '%' || c === '_') n++;
  }
  return n;
}

class Compiler {
  /** Expressions compiled and the estimated cost of their "all values" scopes (see MAX_FILTER_COST). */
  exprCount = 0;
  innerCost = 0;
  /** The SQL depends on request data other than the auth record, or on the clock. */
  volatile = false;

  constructor(
    private readonly ctx: CompileContext,
    readonly budget: JoinBudget = new JoinBudget(),
  ) {}

  newScope(base: string): JoinScope {
    return newScope(base, this.budget);
  }

  compileGroup(group: Group, scope: JoinScope): SqlFragment {
    const parts: string[] = [];
    const params: SqlValue[] = [];
    for (const item of group.items) {
      const frag = item.node.kind === 'group' ? this.compileGroup(item.node, scope) : this.compileExpr(item.node, scope);
      if (item.join) parts.push(item.join === '&&' ? 'AND' : 'OR');
      parts.push(item.node.kind === 'group' ? `(${frag.sql})` : frag.sql);
      params.push(...frag.params);
    }
    return { sql: parts.join(' '), params };
  }

  private compileExpr(expr: Expr, scope: JoinScope): SqlFragment {
    this.exprCount++;
    if (expr.op.endsWith('~') && expr.right.kind === 'text' && countUnescapedWildcards(expr.right.value) > MAX_LIKE_WILDCARDS) {
      throw limitError('wildcards (% or _) in one ~ pattern', MAX_LIKE_WILDCARDS);
    }
    const left = this.resolve(expr.left, scope);
    const right = this.resolve(expr.right, scope);
    const cond = comparison(left, expr.op, right);
    const anyOf = expr.op.startsWith('?');
    const multi = (left.kind === 'column' && left.multi) || (right.kind === 'column' && right.multi);
    if (anyOf || !multi) return cond;
    // "All values" semantics: no value of the multi-valued side may fail the comparison.
    const inner = new JoinScope(`${scopePrefix(scope)}n`, this.budget);
    const l2 = this.resolve(expr.left, inner);
    const r2 = this.resolve(expr.right, inner);
    const c2 = comparison(l2, expr.op, r2);
    const joins = inner.joins;
    this.innerCost += inner.fanout;
    return {
      sql: `(${cond.sql} AND NOT EXISTS (SELECT 1 FROM (SELECT 1) AS ${scopePrefix(inner)}0 ${joins.map((j) => j.sql).join(' ')} WHERE NOT COALESCE((${c2.sql}), ${D.false})))`,
      params: [...cond.params, ...joins.flatMap((j) => j.params), ...c2.params],
    };
  }

  resolve(operand: Operand, scope: JoinScope): Resolved {
    switch (operand.kind) {
      case 'text':
        if (operand.value.length > MAX_TEXT_LITERAL_LENGTH) throw limitError('characters in one quoted text', MAX_TEXT_LITERAL_LENGTH);
        return value(operand.value);
      case 'number':
        return value(operand.value);
      case 'call':
        return this.resolveCall(operand.name, operand.args, scope);
      case 'identifier':
        return this.resolveIdentifier(operand.name, scope);
    }
  }

  /** Filter functions (PocketBase's search.TokenFunctions): names are case-sensitive there too. */
  private resolveCall(name: string, args: Operand[], scope: JoinScope): Resolved {
    if (name !== 'geoDistance') throw new FilterCompileError(`unsupported function ${name}`);
    if (args.length !== 4) throw new FilterCompileError(`geoDistance expects 4 arguments, got ${args.length}`);
    const resolved = args.map((a, i) => {
      if (a.kind !== 'identifier' && a.kind !== 'number')
        throw new FilterCompileError(`geoDistance argument ${i} must be a field or a number`);
      return this.resolve(a, scope);
    });
    return geoDistance(resolved as [Resolved, Resolved, Resolved, Resolved]);
  }

  private resolveIdentifier(name: string, scope: JoinScope): Resolved {
    guardMacro(name, this.ctx);
    // Case-sensitive, as in PocketBase: `@Request.x` is an unknown identifier, never a join.
    if (name.startsWith('@request.')) return this.resolveRequest(name.slice('@request.'.length), scope);
    if (name.startsWith('@collection.')) return this.resolveCollectionJoin(name.slice('@collection.'.length), scope);
    const lower = name.toLowerCase();
    const macro = MACROS[lower];
    if (macro) {
      this.volatile = true;
      return value(macro(this.ctx.now));
    }
    if (name.startsWith('@') || name.startsWith('#')) throw new FilterCompileError(`unknown identifier ${name}`);
    const { segments, modifier } = splitPath(name);
    if (segments.length === 1 && !modifier && !this.ctx.collection.fieldsByName.has(name)) {
      if (lower === 'null') return value(null);
      if (lower === 'true') return value(true);
      if (lower === 'false') return value(false);
    }
    return this.resolveFieldPath(this.ctx.collection, this.ctx.alias, segments, modifier, scope, false, name, 0);
  }

  /** Follows `rel.rel2.field` from a table alias, adding joins to the scope. */
  private resolveFieldPath(
    collection: Collection,
    alias: string,
    segments: string[],
    modifier: string | null,
    scope: JoinScope,
    multi: boolean,
    keyPrefix: string,
    depth: number,
  ): Resolved {
    const [seg, ...rest] = segments;
    if (seg === undefined || seg === '') throw new FilterCompileError('empty field path');
    if (depth > MAX_RELATION_DEPTH) throw new FilterCompileError('relation path too deep');
    const field = collection.fieldsByName.get(seg);
    if (field && field.hidden && !this.ctx.allowHidden) throw new FilterCompileError(`field ${seg} is not filterable`);
    const column = `${alias}.${ident(seg)}`;
    if (rest.length === 0) {
      if (!field) throw new FilterCompileError(`unknown field ${seg}`);
      if (collection.type === 'auth' && seg === 'email' && !this.ctx.allowHidden) {
        // Client filters see an email only where it is public, so they cannot probe hidden ones.
        const visible = `(CASE WHEN ${alias}."emailVisibility" = 1 THEN ${column} END)`;
        return this.applyModifier(field, visible, modifier, scope, multi, keyPrefix);
      }
      return this.applyModifier(field, column, modifier, scope, multi, `${keyPrefix}`);
    }
    const pathKey = `${alias}.${seg}`;
    if (field?.type === 'relation') {
      const target = this.ctx.registry.relationTarget(field);
      if (!isMultiValue(field) && rest.length === 1 && rest[0] === 'id' && !modifier) {
        return { kind: 'column', sql: column, params: [], multi, json: false };
      }
      let targetAlias: string;
      if (isMultiValue(field)) {
        const each = scope.join(
          `${pathKey}:each`,
          (a) => ({ sql: `LEFT JOIN ${D.jsonEach(column)} AS ${a}${D.joinAll}`, params: [] }),
          FANOUT.array,
        );
        targetAlias = scope.join(
          pathKey,
          (a) => this.joinVisible(target, a, `${a}."id" = ${each}.value`),
          this.visibleFanout(target, FANOUT.lookup),
        );
      } else {
        targetAlias = scope.join(
          pathKey,
          (a) => this.joinVisible(target, a, `${a}."id" = ${column}`),
          this.visibleFanout(target, FANOUT.lookup),
        );
      }
      return this.resolveFieldPath(target, targetAlias, rest, modifier, scope, multi || isMultiValue(field), keyPrefix, depth + 1);
    }
    if (field?.type === 'json') {
      for (const part of rest) if (!/^\w+$/.test(part)) throw new FilterCompileError('invalid json path');
      const jsonPath = '$' + rest.map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join('');
      const sql = D.jsonExtract(column, jsonPath);
      return modifier === 'lower'
        ? { kind: 'column', sql: `LOWER(${sql})`, params: [], multi, json: true }
        : { kind: 'column', sql, params: [], multi, json: true };
    }
    const via = /^(\w+)_via_(\w+)$/.exec(seg);
    if (!field && via) {
      const source = this.ctx.registry.get(via[1] ?? '');
      const ref = source?.fieldsByName.get(via[2] ?? '');
      if (!source || !ref || ref.type !== 'relation' || this.ctx.registry.relationTarget(ref).id !== collection.id) {
        throw new FilterCompileError(`invalid back-relation ${seg}`);
      }
      if (ref.hidden && !this.ctx.allowHidden) throw new FilterCompileError(`field ${ref.name} is not filterable`);
      const on = isMultiValue(ref)
        ? (a: string) => `EXISTS (SELECT 1 FROM ${D.jsonEach(`${a}.${ident(ref.name)}`)} WHERE value = ${alias}."id")`
        : (a: string) => `${a}.${ident(ref.name)} = ${alias}."id"`;
      const unique = this.ctx.registry.isUniqueRelation(source, ref);
      // Without an index on the relation column every joined row scans the source table.
      const indexed = !isMultiValue(ref) && source.indexes.some((i) => i.columns[0] === ref.name);
      const fanout = unique ? FANOUT.lookup : indexed ? FANOUT.indexedBackRelation : FANOUT.scan;
      const a = scope.join(pathKey, (x) => this.joinVisible(source, x, on(x)), this.visibleFanout(source, fanout));
      return this.resolveFieldPath(source, a, rest, modifier, scope, multi || !unique, keyPrefix, depth + 1);
    }
    throw new FilterCompileError(`unknown or non-relation field ${seg}`);
  }

  /** Fan-out of a join to `target`: larger when its list rule is checked on every joined row. */
  private visibleFanout(target: Collection, fanout: number): number {
    const checked =
      this.ctx.enforceListRules && !isSuperuser(this.ctx.request) && target.listRule !== null && target.listRule.trim() !== '';
    return checked ? fanout * FANOUT.listRule : fanout;
  }

  /** A LEFT JOIN of a related collection, limited to what the caller may list when enforced. */
  private joinVisible(target: Collection, alias: string, on: string): SqlFragment {
    const base = `LEFT JOIN ${ident(target.name)} AS ${alias} ON ${on}`;
    if (!this.ctx.enforceListRules || isSuperuser(this.ctx.request)) return { sql: base, params: [] };
    const rule = target.listRule;
    if (rule === null) return { sql: `${base} AND 0`, params: [] };
    if (rule.trim() === '') return { sql: base, params: [] };
    // The list rule is the server's: it may use @collection/@request whoever filters.
    const visible = compileFilter(rule, {
      ...this.ctx,
      collection: target,
      alias,
      allowHidden: true,
      enforceListRules: false,
      allowRequestAndCollection: true,
      serverRule: true,
    });
    if (visible.volatile) this.volatile = true;
    return { sql: `${base} AND ${visible.sql}`, params: visible.params };
  }

  private applyModifier(field: FieldDef, column: string, modifier: string | null, scope: JoinScope, multi: boolean, key: string): Resolved {
    const json = field.type === 'json';
    switch (modifier) {
      case null:
        return { kind: 'column', sql: column, params: [], multi, json };
      case 'lower':
        return { kind: 'column', sql: `LOWER(${column})`, params: [], multi, json };
      case 'length':
        if (!isMultiValue(field)) throw new FilterCompileError(':length needs a multi-value field');
        return { kind: 'column', sql: D.jsonArrayLength(column), params: [], multi, json: false };
      case 'each': {
        if (!isMultiValue(field)) throw new FilterCompileError(':each needs a multi-value field');
        const a = scope.join(
          `${column}:each:${key}`,
          (x) => ({ sql: `LEFT JOIN ${D.jsonEach(column)} AS ${x}${D.joinAll}`, params: [] }),
          FANOUT.array,
        );
        return { kind: 'column', sql: `${a}.value`, params: [], multi: true, json: false };
      }
      default:
        throw new FilterCompileError(`unsupported modifier :${modifier}`);
    }
  }

  private resolveCollectionJoin(rest: string, scope: JoinScope): Resolved {
    const { segments, modifier } = splitPath(rest);
    const [head, ...path] = segments;
    if (!head || path.length === 0) throw new FilterCompileError('invalid @collection path');
    const [collName, joinAlias = ''] = head.split(':');
    const collection = this.ctx.registry.get(collName ?? '');
    if (!collection) throw new FilterCompileError(`unknown collection ${collName}`);
    const a = scope.join(
      `@collection.${collection.id}:${joinAlias}`,
      (x) => ({ sql: `LEFT JOIN ${ident(collection.name)} AS ${x} ON ${D.true}`, params: [] }),
      FANOUT.scan,
    );
    return this.resolveFieldPath(collection, a, path, modifier, scope, true, `@collection.${head}`, 1);
  }

  private resolveRequest(rest: string, scope: JoinScope): Resolved {
    const req = this.ctx.request;
    const { segments, modifier } = splitPath(rest);
    const [area, ...path] = segments;
    const key = path.join('.');
    if (area !== 'auth') this.volatile = true;
    switch (area) {
      case 'context':
      case 'method': {
        const v = area === 'method' ? req.method : req.context;
        return modifier === 'lower' ? value(v.toLowerCase()) : value(v);
      }
      case 'headers':
      case 'query': {
        const map = area === 'headers' ? req.headers : req.query;
        const v = Object.hasOwn(map, key) ? map[key] : undefined;
        if (modifier === 'isset') return value(v !== undefined);
        if (modifier === 'lower') return value(v === undefined ? null : v.toLowerCase());
        if (modifier) throw new FilterCompileError(`unsupported modifier :${modifier}`);
        return value(v ?? null);
      }
      case 'body':
        return this.resolveBody(path, modifier, scope);
      case 'auth':
        return this.resolveAuth(path, modifier, scope);
      default:
        throw new FilterCompileError(`unknown @request.${area ?? ''}`);
    }
  }

  private resolveBody(path: string[], modifier: string | null, scope: JoinScope): Resolved {
    const [name, ...rest] = path;
    if (!name) throw new FilterCompileError('invalid @request.body path');
    const body = this.ctx.request.body;
    const present = Object.hasOwn(body, name);
    if (modifier === 'isset' && rest.length === 0) return value(present);
    const raw = present ? body[name] : undefined;
    const field = this.ctx.collection.fieldsByName.get(name);
    if (rest.length > 0) {
      if (field?.type !== 'relation' || raw === undefined) return value(null);
      const target = this.ctx.registry.relationTarget(field);
      const ids = Array.isArray(raw) ? raw : [raw];
      const a = scope.join(
        `@request.body.${name}`,
        (x) => ({
          sql: `LEFT JOIN ${ident(target.name)} AS ${x} ON ${x}."id" IN (SELECT value FROM ${D.jsonEach('?')})`,
          params: [JSON.stringify(ids)],
        }),
        ids.length,
      );
      return this.resolveFieldPath(target, a, rest, modifier, scope, ids.length > 1 || isMultiValue(field), `@request.body.${name}`, 1);
    }
    if (modifier === 'length') return value(Array.isArray(raw) ? raw.length : raw === undefined || raw === '' || raw === null ? 0 : 1);
    if (modifier === 'each') {
      const items = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
      const a = scope.join(
        `@request.body.${name}:each`,
        (x) => ({ sql: `LEFT JOIN ${D.jsonEach('?')} AS ${x}${D.joinAll}`, params: [JSON.stringify(items)] }),
        items.length,
      );
      return { kind: 'column', sql: `${a}.value`, params: [], multi: true, json: false };
    }
    let v = raw;
    if (field?.type === 'number' && typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) v = Number(v);
    if (modifier === 'lower') return value(typeof v === 'string' ? v.toLowerCase() : v);
    if (modifier) throw new FilterCompileError(`unsupported modifier :${modifier}`);
    return value(v);
  }

  private resolveAuth(path: string[], modifier: string | null, scope: JoinScope): Resolved {
    const auth = this.ctx.request.auth;
    const [name, ...rest] = path;
    if (!name) throw new FilterCompileError('invalid @request.auth path');
    const batch = this.ctx.authAlias;
    if (batch) {
      if (name === 'collectionId') return value(batch.collection.id);
      if (name === 'collectionName') return value(batch.collection.name);
      if (!batch.collection.fieldsByName.has(name)) return value(null);
      return this.resolveFieldPath(batch.collection, batch.alias, [name, ...rest], modifier, scope, false, '@request.auth', 1);
    }
    if (!auth) return value(modifier === 'length' ? 0 : null);
    if (name === 'collectionId') return value(auth.collection.id);
    if (name === 'collectionName') return value(auth.collection.name);
    const field = auth.collection.fieldsByName.get(name);
    if (!field) return value(null);
    if (rest.length === 0 && (modifier === null || modifier === 'lower') && !isMultiValue(field)) {
      const v = auth.row[name];
      return value(modifier === 'lower' && typeof v === 'string' ? v.toLowerCase() : v);
    }
    // Paths through the auth record's relations: join the auth row itself, then follow the path.
    const a = scope.join(
      '@request.auth',
      (x) => ({
        sql: `LEFT JOIN ${ident(auth.collection.name)} AS ${x} ON ${x}."id" = ?`,
        params: [String(auth.row.id)],
      }),
      FANOUT.lookup,
    );
    return this.resolveFieldPath(auth.collection, a, [name, ...rest], modifier, scope, false, '@request.auth', 1);
  }
}

let scopeCounter = 0;
const scopePrefixes = new WeakMap<JoinScope, string>();
function scopePrefix(scope: JoinScope): string {
  return scopePrefixes.get(scope) ?? '_j';
}
function newScope(base: string, budget: JoinBudget): JoinScope {
  const prefix = `${base}${(++scopeCounter % 1_000_000).toString(36)}_`;
  const scope = new JoinScope(prefix, budget);
  scopePrefixes.set(scope, prefix);
  return scope;
}

function param(r: Resolved, params: SqlValue[], asText = false): string {
  if (r.kind === 'value') {
    params.push(r.value);
    return D.placeholder(asText ? '' : r.value);
  }
  params.push(...r.params);
  return r.sql;
}

/**
 * geoDistance(lonA, latA, lonB, latB): great-circle distance in km (PocketBase 0.28). Written with
 * the haversine formula, which stays exact for near points where PocketBase's acos form rounds.
 * Not "all values": like SQLite's own functions it matches when any joined combination does.
 */
function geoDistance(args: [Resolved, Resolved, Resolved, Resolved]): Resolved {
  const params: SqlValue[] = [];
  // Each use of an argument emits its SQL (and a bound copy of its value) in reading order.
  const arg = (i: number): string => `radians(${D.num(param(args[i] as Resolved, params))})`;
  const sql =
    `(12742 * asin(${D.least}(1, sqrt(` +
    `pow(sin((${arg(3)} - ${arg(1)}) / 2), 2) + ` +
    `cos(${arg(1)}) * cos(${arg(3)}) * pow(sin((${arg(2)} - ${arg(0)}) / 2), 2)))))`;
  return { kind: 'column', sql, params, multi: false, json: true, num: true };
}

/** One comparison, with PocketBase's null/empty-safe equality and LIKE wrapping. */
function comparison(left: Resolved, op: SignOp, right: Resolved): SqlFragment {
  const base = (op.startsWith('?') ? op.slice(1) : op) as SignOp;
  const params: SqlValue[] = [];
  if (base === '=' || base === '!=') {
    const eq = base === '=';
    const emptyLeft = left.kind === 'value' && left.isEmpty;
    const emptyRight = right.kind === 'value' && right.isEmpty;
    if (emptyLeft || emptyRight) {
      const other = emptyRight ? left : right;
      const x = param(other, params);
      if (other.kind === 'value') params.push(...params); // the same bound value appears twice
      const t = D.text(x);
      return eq ? { sql: `(${t} = '' OR ${x} IS NULL)`, params } : { sql: `(${t} ${D.isNot} '' AND ${x} IS NOT NULL)`, params };
    }
    const json = (left.kind === 'column' && left.json) || (right.kind === 'column' && right.json);
    // A JSON path reads as text on PostgreSQL: the value it is compared with is bound as text.
    const jsonText = json && !(left.kind === 'column' && left.num) && !(right.kind === 'column' && right.num);
    const l = param(left, params, jsonText);
    const r = param(right, params, jsonText);
    const bothColumns = left.kind === 'column' && right.kind === 'column';
    if (bothColumns && !json) {
      const [lt, rt] = [D.text(l), D.text(r)];
      return { sql: eq ? `COALESCE(${lt}, '') = COALESCE(${rt}, '')` : `COALESCE(${lt}, '') ${D.isNot} COALESCE(${rt}, '')`, params };
    }
    if (json) return { sql: eq ? `${l} ${D.is} ${r}` : `${l} ${D.isNot} ${r}`, params };
    return { sql: eq ? `${l} = ${r}` : `${l} ${D.isNot} ${r}`, params };
  }
  if (base === '~' || base === '!~') {
    const not = base === '!~' ? 'NOT ' : '';
    const l = param(left, params);
    if (right.kind === 'value') {
      params.push(likePattern(right.value === null ? '' : String(right.value)));
      return { sql: `${D.text(l)} ${not}${D.like} ? ESCAPE '\\'`, params };
    }
    const r = param(right, params);
    return { sql: `${D.text(l)} ${not}${D.like} ('%' || ${r} || '%') ESCAPE '\\'`, params };
  }
  // A JSON path ordered against a number compares numbers, as SQLite's json_extract does.
  const numeric = (a: Resolved, b: Resolved) =>
    a.kind === 'column' && a.json && !a.num && !a.params.length && b.kind === 'value' && typeof b.value === 'number';
  const l = param(left, params);
  const r = param(right, params);
  return { sql: `${numeric(left, right) ? D.jsonNumber(l) : l} ${base} ${numeric(right, left) ? D.jsonNumber(r) : r}`, params };
}

const astCache = new Map<string, Group>();
const AST_CACHE_SIZE = 1000;

/** Rules and common filters repeat on every request: parse each text once. */
function parseCached(filter: string): Group {
  let ast = astCache.get(filter);
  if (!ast) {
    ast = parseFilter(filter);
    if (astCache.size >= AST_CACHE_SIZE) astCache.delete(astCache.keys().next().value as string);
    astCache.set(filter, ast);
  }
  return ast;
}

/** Parses and compiles a filter or rule; throws FilterSyntaxError / FilterCompileError / FilterForbiddenError. */
export function compileFilter(filter: string, ctx: CompileContext): CompiledFilter {
  return withDialect(ctx, () => compileFilterIn(filter, ctx));
}

function compileFilterIn(filter: string, ctx: CompileContext): CompiledFilter {
  if (filter.length > MAX_FILTER_LENGTH) throw limitError('characters', MAX_FILTER_LENGTH);
  const ast = parseCached(filter);
  checkMacros(identifiers(ast), ctx);
  const compiler = new Compiler(ctx);
  const scope = compiler.newScope('_j');
  const cond = compiler.compileGroup(ast, scope);
  // Every expression runs for each row combination of the shared joins, and so does every inner
  // "all values" scope: keep their product bounded (a few self-joins would otherwise be N^3 rows).
  const cost = scope.fanout * (compiler.exprCount + compiler.innerCost);
  const maxCost = ctx.serverRule ? MAX_RULE_COST : MAX_FILTER_COST;
  if (cost > maxCost) throw limitError('estimated row combinations (fewer joins across whole tables, please)', maxCost);
  return { ...scope.wrap({ sql: `(${cond.sql})`, params: cond.params }), volatile: compiler.volatile };
}

/** Compiles `sort` (e.g. `-created,title,author.name,@random`) into an ORDER BY list. */
export function compileSort(sort: string, ctx: CompileContext): SqlFragment {
  return withDialect(ctx, () => compileSortIn(sort, ctx));
}

function compileSortIn(sort: string, ctx: CompileContext): SqlFragment {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  const items = sort
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length > MAX_SORT_FIELDS) throw limitError('sort fields', MAX_SORT_FIELDS);
  const names = items.map((item) => item.replace(/^[-+]/, ''));
  for (const name of names)
    if (name.length > MAX_SORT_FIELD_LENGTH) throw limitError('characters in one sort field', MAX_SORT_FIELD_LENGTH);
  checkMacros(names, ctx);
  for (const [i, item] of items.entries()) {
    const desc = item.startsWith('-');
    const name = names[i] as string;
    if (name === '@random') {
      parts.push('RANDOM()');
      continue;
    }
    if (name === '@rowid') {
      parts.push(`${D.rowid(ctx.alias)}${D.order(desc)}`);
      continue;
    }
    if (!/^[\w@][\w.:@]*$/.test(name)) throw new FilterCompileError(`invalid sort field ${name}`);
    const compiler = new Compiler(ctx);
    const scope = compiler.newScope('_s');
    const resolved = compiler.resolve({ kind: 'identifier', name }, scope);
    if (resolved.kind !== 'column') throw new FilterCompileError(`invalid sort field ${name}`);
    if (scope.fanout > MAX_FILTER_COST) throw limitError('estimated row combinations in one sort field', MAX_FILTER_COST);
    let sql = resolved.sql;
    if (!scope.empty) {
      // Relation paths sort by a correlated scalar subquery, so the outer query never fans out.
      sql = `(SELECT ${resolved.sql} FROM (SELECT 1) AS ${scopePrefix(scope)}0 ${scope.joins.map((j) => j.sql).join(' ')} LIMIT 1)`;
      params.push(...scope.joins.flatMap((j) => j.params));
    }
    params.push(...resolved.params);
    // A JSON path on its own (no relation, no parameters): ordered as SQLite orders its values.
    const keys = resolved.json && !resolved.num && scope.empty && !resolved.params.length ? D.jsonSortKeys(sql) : [sql];
    parts.push(keys.map((k) => `${k}${D.order(desc)}`).join(', '));
  }
  return { sql: parts.join(', '), params };
}

export { FilterSyntaxError };
