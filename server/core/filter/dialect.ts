/**
 * How the two database engines spell the SQL our builders write (SQLite, PostgreSQL): the filter
 * compiler gets one through its CompileContext, the query layers expose theirs as
 * `stmts.dialect` (server/db/sql.ts). Plain strings: no database here.
 */
export interface SqlDialect {
  readonly name: 'sqlite' | 'postgres';
  /**
   * A table function over the elements of a JSON array (text holding JSON) with one column `value`
   * (the element as text): `SELECT value FROM ${jsonEach('?')}` or `${jsonEach(col)} AS je`.
   */
  jsonEach(expr: string): string;
  /** The expression compared case-insensitively (ASCII in SQLite, as its NOCASE). */
  nocase(expr: string): string;
  /** The case-insensitive LIKE operator (SQLite's LIKE is; PostgreSQL's ILIKE). */
  readonly like: string;
  /** A JSON value at a path ('$.a.b') of a text column holding JSON, as SQL scalar. */
  jsonExtract(expr: string, path: string): string;
  /** The length of a JSON array held as text. */
  jsonArrayLength(expr: string): string;
  /** Null-safe equality / inequality (`IS` in SQLite). */
  readonly is: string;
  readonly isNot: string;
  /** What makes a join condition always true (`LEFT JOIN t ON 1`); PostgreSQL needs a boolean. */
  readonly true: string;
  /** A false condition, for COALESCE(cond, false). */
  readonly false: string;
  /** A JSON value (text) as a number, for math functions. */
  num(expr: string): string;
  /**
   * A JSON path's value compared with a number (`<`, `>=`…): a JSON number as a number, anything
   * else NULL on PostgreSQL (its `#>>` reads text); SQLite's json_extract already is a number.
   */
  jsonNumber(expr: string): string;
  /**
   * The ORDER BY keys of a JSON path, in SQLite's order of its values (NULL, numbers by value,
   * then text): json_extract gives it in SQLite; PostgreSQL's `#>>` is text, so it sorts by
   * "is text", the number, then the text.
   */
  jsonSortKeys(expr: string): string[];
  /** ORDER BY direction, with SQLite's NULL placement (NULLs first ascending, last descending). */
  order(desc: boolean): string;
  /** The ON clause a LEFT JOIN of a table function needs ('' in SQLite, which allows none). */
  readonly joinAll: string;
  /** An expression as text, for LIKE and comparisons with '' (SQLite compares any type with text). */
  text(expr: string): string;
  /** The placeholder of a bound value whose type the SQL around it may not tell (PostgreSQL must know it). */
  placeholder(value: unknown): string;
  /** A placeholder bound to a value of a column type (a row bound as a derived table). */
  typed(type: 'text' | 'real' | 'int'): string;
  /** An inner join that keeps the left side as the outer loop (SQLite's CROSS JOIN … ON; PostgreSQL plans a JOIN itself). */
  readonly crossJoin: string;
  /** The smaller of two numbers (SQLite's two-argument min). */
  readonly least: string;
  /** The insertion-order column of a table alias (SQLite's rowid; PostgreSQL has none: ctid is not stable). */
  rowid(alias: string): string;
}

export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  jsonEach: (expr) => `json_each(${expr})`,
  nocase: (expr) => `${expr} COLLATE NOCASE`,
  like: 'LIKE',
  jsonExtract: (expr, path) => `json_extract(${expr}, '${path}')`,
  jsonArrayLength: (expr) => `json_array_length(${expr})`,
  is: 'IS',
  isNot: 'IS NOT',
  rowid: (alias) => `${alias}._rowid_`,
  true: '1',
  false: '0',
  num: (expr) => expr,
  jsonNumber: (expr) => expr,
  jsonSortKeys: (expr) => [expr],
  order: (desc) => (desc ? ' DESC' : ''),
  joinAll: '',
  text: (expr) => expr,
  least: 'min',
  crossJoin: 'CROSS JOIN',
  placeholder: () => '?',
  typed: () => '?',
};

export const postgresDialect: SqlDialect = {
  name: 'postgres',
  // The function's one output column is `value` (text), the name callers read from json_each.
  // Lax `$[*]` takes an array's elements (a scalar as itself), with `expr` written once (it may be `?`).
  jsonEach: (expr) => `jsonb_array_elements_text(jsonb_path_query_array((${expr})::jsonb, '$[*]'))`,
  nocase: (expr) => `lower(${expr})`,
  like: 'ILIKE',
  jsonExtract: (expr, path) => {
    const keys = path
      .replace(/\[(\d+)\]/g, '.$1')
      .replace(/^\$\.?/, '')
      .split('.')
      .filter(Boolean);
    return `((${expr})::jsonb #>> '{${keys.map((k) => k.replace(/[{},"\\]/g, '')).join(',')}}')`;
  },
  jsonArrayLength: (expr) =>
    `jsonb_array_length(CASE WHEN jsonb_typeof((${expr})::jsonb) = 'array' THEN (${expr})::jsonb ELSE '[]'::jsonb END)`,
  is: 'IS NOT DISTINCT FROM',
  isNot: 'IS DISTINCT FROM',
  rowid: (alias) => `${alias}."created"`,
  true: 'TRUE',
  false: 'FALSE',
  num: (expr) => `CAST(${expr} AS double precision)`,
  jsonNumber: (expr) => `(CASE WHEN ${expr} ~ '^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$' THEN CAST(${expr} AS double precision) END)`,
  order: (desc) => (desc ? ' DESC NULLS LAST' : ' NULLS FIRST'),
  joinAll: ' ON TRUE',
  text: (expr) => `CAST(${expr} AS text)`,
  least: 'LEAST',
  crossJoin: 'JOIN',
  typed: (type) => `CAST(? AS ${type === 'real' ? 'double precision' : type === 'int' ? 'integer' : 'text'})`,
  jsonSortKeys(expr) {
    const num = this.jsonNumber(expr);
    return [`(${expr} IS NOT NULL AND ${num} IS NULL)`, num, expr];
  },
  placeholder: (value) => (typeof value === 'number' || typeof value === 'bigint' ? 'CAST(? AS double precision)' : 'CAST(? AS text)'),
};
