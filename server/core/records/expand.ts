import { isMultiValue, type Collection } from '../collections.ts';
import { inContext, type RequestInfo } from '../request-info.ts';
import { ROW_ALIAS, type Access } from './access.ts';
import type { RecordJson, StoredRow } from './codec.ts';

/** Parsed `expand` param: `a.b,c` → { a: { b: {} }, c: {} }. */
export type ExpandTree = Map<string, ExpandTree>;

const MAX_EXPAND_DEPTH = 6;
const MAX_BACK_RELATIONS = 1000;

export function parseExpand(expand: string): ExpandTree {
  const root: ExpandTree = new Map();
  for (const raw of expand.replace(/\s+/g, '').split(',')) {
    const path = raw.replace(/\.+$/, '');
    if (!path) continue;
    let node = root;
    for (const seg of path.split('.').slice(0, MAX_EXPAND_DEPTH)) {
      if (!seg) break;
      let next = node.get(seg);
      if (!next) {
        next = new Map();
        node.set(seg, next);
      }
      node = next;
    }
  }
  return root;
}

interface Loaded {
  row: StoredRow;
  json: RecordJson;
}

/**
 * Resolves `expand` for already-serialised records: one batched `IN (...)` query per relation
 * and level (never one per record), each filtered by the related collection's view rule.
 */
export function expandRecords(access: Access, collection: Collection, items: Loaded[], tree: ExpandTree, req: RequestInfo): void {
  if (items.length === 0 || tree.size === 0) return;
  const expandReq = inContext(req, 'expand');
  for (const [key, subtree] of tree) {
    const field = collection.fieldsByName.get(key);
    if (field?.type === 'relation') {
      expandForward(access, items, key, field.collection, isMultiValue(field), subtree, expandReq);
      continue;
    }
    const via = /^(\w+)_via_(\w+)$/.exec(key);
    if (via) expandBack(access, collection, items, key, via[1] ?? '', via[2] ?? '', subtree, expandReq);
  }
}

function ensureExpand(json: RecordJson): Record<string, unknown> {
  let e = json.expand as Record<string, unknown> | undefined;
  if (!e) {
    e = {};
    json.expand = e;
  }
  return e;
}

function loadVisible(access: Access, target: Collection, where: string, params: (string | number | null)[], req: RequestInfo): Loaded[] {
  const cond = access.ruleConditionOrNever(target, target.viewRule, req);
  if (cond === 'never') return [];
  const sql = `SELECT ${ROW_ALIAS}.* FROM "${target.name}" AS ${ROW_ALIAS} WHERE ${where}${cond ? ` AND ${cond.sql}` : ''}`;
  return serializeAll(access, target, access.stmts.all(sql, cond ? [...params, ...cond.params] : params), req);
}

/**
 * Records of these ids the request may view, in one batched query. Without a rule condition (an
 * empty view rule, or a superuser) every existing row is visible, so rows come from the row cache
 * and only the missing ones from that query.
 */
function loadVisibleByIds(access: Access, target: Collection, ids: Set<string>, req: RequestInfo): Loaded[] {
  const cond = access.ruleConditionOrNever(target, target.viewRule, req);
  if (cond === 'never') return [];
  // One query for all ids: walk the id list (CROSS JOIN keeps it the outer loop) and seek each
  // record by its primary key; cheaper in SQLite than `id IN (SELECT value FROM json_each(?))`.
  const sql =
    `SELECT ${ROW_ALIAS}.* FROM ${access.stmts.dialect.jsonEach('?')} AS _ids ${access.stmts.dialect.crossJoin} "${target.name}" AS ${ROW_ALIAS} ON ${ROW_ALIAS}."id" = _ids.value` +
    (cond ? ` WHERE ${cond.sql}` : '');
  if (cond !== null) return serializeAll(access, target, access.stmts.all(sql, [JSON.stringify([...ids]), ...cond.params]), req);
  const rows = access.rowCache.byIds(target.id, ids, (missing) => access.stmts.all(sql, [JSON.stringify(missing)]));
  return serializeAll(access, target, rows, req);
}

function serializeAll(access: Access, target: Collection, rows: StoredRow[], req: RequestInfo): Loaded[] {
  const loaded: Loaded[] = [];
  for (const row of rows) loaded.push({ row, json: access.serialize(target, row, req) });
  return loaded;
}

/** The ids a relation column holds (a JSON array for multi-relations). */
function relationIds(row: StoredRow, key: string, multi: boolean): string[] {
  const raw = row[key];
  if (!multi) return typeof raw === 'string' && raw ? [raw] : [];
  try {
    const ids: unknown = JSON.parse(String(raw ?? '[]'));
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function expandForward(
  access: Access,
  items: Loaded[],
  key: string,
  targetName: string,
  multi: boolean,
  subtree: ExpandTree,
  req: RequestInfo,
): void {
  const target = access.registry.get(targetName);
  if (!target) return;
  // Hot path (every list with expand): plain loops, no closures or intermediate arrays per item.
  const itemIds: string[][] = [];
  const unique = new Set<string>();
  for (const item of items) {
    const ids = relationIds(item.row, key, multi);
    itemIds.push(ids);
    for (const id of ids) unique.add(id);
  }
  const related = unique.size ? loadVisibleByIds(access, target, unique, req) : [];
  expandRecords(access, target, related, subtree, req);
  const byId = new Map<string, RecordJson>();
  for (const r of related) byId.set(r.row.id as string, r.json);
  for (let i = 0; i < items.length; i++) {
    const ids = itemIds[i] as string[];
    const expand = ensureExpand((items[i] as Loaded).json);
    if (multi) {
      const found: RecordJson[] = [];
      for (const id of ids) {
        const json = byId.get(id);
        if (json) found.push(json);
      }
      expand[key] = found;
    } else {
      const json = ids[0] === undefined ? undefined : byId.get(ids[0]);
      if (json) expand[key] = json;
    }
  }
}

function expandBack(
  access: Access,
  collection: Collection,
  items: Loaded[],
  key: string,
  sourceName: string,
  fieldName: string,
  subtree: ExpandTree,
  req: RequestInfo,
): void {
  const source = access.registry.get(sourceName);
  const ref = source?.fieldsByName.get(fieldName);
  if (!source || !ref || ref.type !== 'relation' || access.registry.relationTarget(ref).id !== collection.id) return;
  const ids = JSON.stringify(items.map((i) => i.row.id));
  const multi = isMultiValue(ref);
  const where = multi
    ? `EXISTS (SELECT 1 FROM ${access.stmts.dialect.jsonEach(`${ROW_ALIAS}."${ref.name}"`)} AS je WHERE je.value IN (SELECT value FROM ${access.stmts.dialect.jsonEach('?')}))`
    : `${ROW_ALIAS}."${ref.name}" IN (SELECT value FROM ${access.stmts.dialect.jsonEach('?')})`;
  const related = loadVisible(access, source, where, [ids], req);
  expandRecords(access, source, related, subtree, req);
  const unique = access.registry.isUniqueRelation(source, ref);
  const grouped = new Map<string, RecordJson[]>();
  for (const r of related) {
    const refs = multi ? (JSON.parse(String(r.row[ref.name] ?? '[]')) as string[]) : [String(r.row[ref.name])];
    for (const id of refs) {
      const list = grouped.get(id) ?? [];
      if (list.length < MAX_BACK_RELATIONS) list.push(r.json);
      grouped.set(id, list);
    }
  }
  for (const item of items) {
    const list = grouped.get(item.row.id as string) ?? [];
    const expand = ensureExpand(item.json);
    if (unique) {
      if (list[0]) expand[key] = list[0];
    } else if (list.length) {
      expand[key] = list;
    }
  }
}
