// Errors and resource limits of the filter compiler. Every client filter and sort runs inside the
// one Node.js thread (better-sqlite3 is synchronous and cannot be interrupted), so the cost of the
// SQL we emit is bounded at compile time: length, expressions, joins, and an estimate of how many
// row combinations the joins can produce. SECURITY.md explains the numbers.

/** The filter or sort cannot be compiled (unknown field, bad modifier…): a 400. */
export class FilterCompileError extends Error {}

/** A compile limit was hit: a 400 whose message names the limit. */
export class FilterLimitError extends FilterCompileError {}

/**
 * The caller may not use `@collection.*` / `@request.*` here (client filters and sorts of
 * non-superusers): a 403, as in PocketBase. `macro` is the lower-case root that was refused.
 */
export class FilterForbiddenError extends Error {
  constructor(readonly macro: '@collection' | '@request') {
    super(`Only superusers can filter by ${macro}.`);
  }
}

/** Max characters of a filter (PocketBase's search.MaxFilterLength). */
export const MAX_FILTER_LENGTH = 3500;
/** Max characters of a quoted text literal, e.g. a LIKE pattern. */
export const MAX_TEXT_LITERAL_LENGTH = 1000;
/** Max `%`/`_` wildcards of one LIKE pattern: SQLite's LIKE backtracks on each `%`. */
export const MAX_LIKE_WILDCARDS = 8;
/** Max sort fields (PocketBase's search.DefaultSortExprLimit) and length of one field. */
export const MAX_SORT_FIELDS = 8;
export const MAX_SORT_FIELD_LENGTH = 255;
/** Max LEFT JOINs of one compiled filter or sort field, all EXISTS scopes together. */
export const MAX_JOINS = 24;
/**
 * Max estimated work of one compiled filter, per row of the outer query: the product of the
 * join fan-outs of the main scope times (expressions + inner "all values" scopes). With the
 * factors below: one `@collection` join with up to 3 expressions and one relation hop, or
 * a tenant path such as menu.sections_via_menu.items_via_section checked against list rules.
 */
export const MAX_FILTER_COST = 3000;
/**
 * The same bound for collection rules: written by the server, not by whoever sends a request,
 * so PocketBase-style rules with two `@collection` aliases still compile; three do not.
 */
export const MAX_RULE_COST = 10_000_000;

/**
 * Estimated work a join adds per row it is joined to. An id lookup adds one row, at the price of
 * an index search; a JSON array of a row a few; a back-relation backed by an index the children
 * of one row; a join that scans a whole table (`@collection`, a back-relation without an index)
 * every row of that table. A join of a client filter that also checks the target's list rule on
 * every joined row (an EXISTS of its own) costs `listRule` times more.
 */
export const FANOUT = {
  lookup: 2,
  array: 8,
  indexedBackRelation: 8,
  scan: 1000,
  listRule: 2,
} as const;

export function limitError(what: string, limit: number): FilterLimitError {
  return new FilterLimitError(`The filter exceeds the limit of ${limit} ${what}.`);
}
