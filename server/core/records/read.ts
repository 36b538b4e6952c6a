import type { Collection } from '../collections.ts';
import { ApiError } from '../errors.ts';
import { compileSort, type SqlValue } from '../filter/compile.ts';
import type { RequestInfo } from '../request-info.ts';
import { clientFilterError, ROW_ALIAS, type Access } from './access.ts';
import type { RecordJson, StoredRow } from './codec.ts';
import { expandRecords, parseExpand } from './expand.ts';

export interface ListParams {
  page: number;
  perPage: number;
  sort: string;
  filter: string;
  skipTotal: boolean;
  expand: string;
}

export interface ListResult {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: RecordJson[];
}

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 1000;

/**
 * Lists records: the list rule ANDed with the client filter, sorted, paged, expanded. The page and
 * its total are read without blocking the event loop where the engine can (`allAsync`).
 */
export async function listRecords(access: Access, collection: Collection, params: ListParams, req: RequestInfo): Promise<ListResult> {
  const where: string[] = [];
  const whereParams: SqlValue[] = [];
  const rule = access.ruleCondition(collection, collection.listRule, req);
  if (rule) {
    where.push(rule.sql);
    whereParams.push(...rule.params);
  }
  if (params.filter.trim()) {
    const filter = access.clientFilter(collection, params.filter, req);
    where.push(filter.sql);
    whereParams.push(...filter.params);
  }
  let orderBy = '';
  const orderParams: SqlValue[] = [];
  if (params.sort.trim()) {
    try {
      // `@collection` / `@request` are refused (403) by the compiler, whatever their letter case.
      const sort = compileSort(params.sort, access.clientContext(collection, req));
      orderBy = ` ORDER BY ${sort.sql}`;
      orderParams.push(...sort.params);
    } catch (err) {
      throw clientFilterError(err);
    }
  }
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const from = `FROM "${collection.name}" AS ${ROW_ALIAS}${whereSql}`;
  const offset = (params.page - 1) * params.perPage;
  const rows = await access.stmts.allAsync(`SELECT ${ROW_ALIAS}.* ${from}${orderBy} LIMIT ? OFFSET ?`, [
    ...whereParams,
    ...orderParams,
    params.perPage,
    offset,
  ]);
  let totalItems = -1;
  let totalPages = -1;
  if (!params.skipTotal) {
    totalItems = await countCached(access, `SELECT COUNT(*) AS c ${from}`, whereParams);
    totalPages = Math.ceil(totalItems / params.perPage);
  }
  return {
    page: params.page,
    perPage: params.perPage,
    totalItems,
    totalPages,
    items: serializeMany(access, collection, rows, params.expand, req),
  };
}

const countCaches = new WeakMap<object, Map<string, { generation: number; count: number }>>();
const COUNT_CACHE_SIZE = 2000;

/**
 * Totals are cached until the next write of any kind (the statement layer counts writes), so
 * paging through an unchanged list counts once instead of on every page.
 */
async function countCached(access: Access, sql: string, params: SqlValue[]): Promise<number> {
  const key = `${sql}\u0000${JSON.stringify(params)}`;
  // Taken before the read: a write while it runs makes this count stale, and the next request recounts.
  const generation = access.stmts.generation;
  let countCache = countCaches.get(access.stmts);
  if (!countCache) {
    countCache = new Map();
    countCaches.set(access.stmts, countCache);
  }
  const hit = countCache.get(key);
  if (hit && hit.generation === generation) return hit.count;
  const count = Number((await access.stmts.allAsync(sql, params))[0]?.c ?? 0);
  if (countCache.size >= COUNT_CACHE_SIZE) countCache.delete(countCache.keys().next().value as string);
  countCache.set(key, { generation, count });
  return count;
}

/** Serialises rows for a request and resolves `expand` on them. */
export function serializeMany(access: Access, collection: Collection, rows: StoredRow[], expand: string, req: RequestInfo): RecordJson[] {
  const items = rows.map((row) => ({ row, json: access.serialize(collection, row, req) }));
  if (expand) expandRecords(access, collection, items, parseExpand(expand), req);
  return items.map((i) => i.json);
}

/** Views one record; 404 when missing or hidden by the view rule. */
export async function viewRecord(
  access: Access,
  collection: Collection,
  id: string,
  expand: string,
  req: RequestInfo,
): Promise<RecordJson> {
  const row = await access.findWithRuleAsync(collection, id, collection.viewRule, req);
  if (!row) throw new ApiError(404);
  return serializeMany(access, collection, [row], expand, req)[0] as RecordJson;
}
