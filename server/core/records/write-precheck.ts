import type { Collection, Rule } from '../collections.ts';
import { ApiError } from '../errors.ts';
import { tokenize, type Token } from '../filter/lexer.ts';
import { isSuperuser, type RequestInfo } from '../request-info.ts';
import type { Access } from './access.ts';

/**
 * Checks of a create or update that need no request body, run BEFORE the body is read: a
 * multipart upload to a record that does not exist, or by a caller the rule refuses anyway, is
 * answered without receiving its files. Each check only refuses what the engine would refuse
 * later with the same status, so a request that passes here is judged again in full.
 * `req` is the request as known before its body (`body` empty; the parts checked never read it).
 */

/** Identifiers a conjunct may read to be checked without the body (and, for create, the record). */
const REQUEST_ONLY = [
  /^@request\.auth\.[\p{L}\w]+(:\w+)?$/u, // the caller's own columns, no relation hops (no joins)
  /^@request\.(method|context)(:\w+)?$/,
  /^@request\.(headers|query)\.[\p{L}\w]+(:\w+)?$/u,
  /^@(?!request\.|collection\.)[\w]+$/, // date macros such as @now
  /^(true|false|null)$/,
];
/** Update rules may also read the stored record (its own columns and relations). */
const STORED_FIELD = /^(?!@)[\p{L}\w.:]+$/u;

/**
 * The top-level `&&` parts of a rule that read only what `allowed` accepts, joined again; null
 * when there is none, or the rule has a top-level `||` (no part of it is then necessary on its own).
 * Dropping parts of a conjunction only widens it, so this never refuses what the rule allows.
 */
export function bodyFreePart(rule: string, allowed: (identifier: string) => boolean): string | null {
  let tokens: Token[];
  try {
    tokens = tokenize(rule);
  } catch {
    return null;
  }
  const parts: Array<{ start: number; end: number; ok: boolean }> = [];
  let depth = 0;
  let current = { start: 0, ok: true };
  for (const t of tokens) {
    if (t.kind === 'lparen' || t.kind === 'func') depth++;
    else if (t.kind === 'rparen') depth--;
    else if (t.kind === 'identifier' && !allowed(t.value)) current.ok = false;
    else if (depth === 0 && t.kind === 'join') {
      if (t.value === '||') return null;
      parts.push({ ...current, end: t.pos });
      current = { start: t.pos + 2, ok: true };
    } else if (t.kind === 'eof') parts.push({ ...current, end: rule.length });
  }
  const kept = parts
    .filter((p) => p.ok)
    .map((p) => rule.slice(p.start, p.end).trim())
    .filter(Boolean);
  return kept.length ? kept.map((p) => `(${p})`).join(' && ') : null;
}

const requestOnly = (id: string) => REQUEST_ONLY.some((re) => re.test(id));
const requestOrStored = (id: string) => requestOnly(id) || STORED_FIELD.test(id);

/** Create: a `null` rule is superusers-only (403); the rule's parts about the caller must pass (400, as the engine answers). */
export function precheckCreate(access: Access, collection: Collection, req: RequestInfo): void {
  if (isSuperuser(req)) return;
  if (collection.createRule === null) throw new ApiError(403, 'Only superusers can perform this action.');
  const part = bodyFreePart(collection.createRule, requestOnly);
  if (part && !access.virtualRowPasses(collection, {}, part, req)) throw new ApiError(400, 'Failed to create record.', {});
}

/** Update: a `null` rule is 403; the record must exist and pass the rule's parts that need no body (404 otherwise). */
export function precheckUpdate(access: Access, collection: Collection, id: string, req: RequestInfo): void {
  const superuser = isSuperuser(req);
  if (!superuser && collection.updateRule === null) throw new ApiError(403, 'Only superusers can perform this action.');
  const rule: Rule = superuser ? '' : (bodyFreePart(collection.updateRule ?? '', requestOrStored) ?? '');
  if (!access.findWithRule(collection, id, rule, req)) throw new ApiError(404);
}
