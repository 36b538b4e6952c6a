import type { z } from 'zod';
import type { Collection } from '../core/collections.ts';
import { ApiError, fieldError, type FieldError } from '../core/errors.ts';
import { newRecordId } from '../../shared/ids.ts';
import { decodeField, type StoredRow } from '../core/records/codec.ts';
import type { HookContext } from '../core/records/hooks.ts';

/** A stored row's typed values (JSON parsed, booleans as booleans). */
export function valuesOf(collection: Collection, row: StoredRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of collection.fields) out[f.name] = decodeField(f, row[f.name]);
  return out;
}

export function writeFailed(ctx: Pick<HookContext, 'action'>, data: Record<string, FieldError>, message?: string): ApiError {
  return new ApiError(400, message ?? (ctx.action === 'create' ? 'Failed to create record.' : 'Failed to update record.'), data);
}

/** Validates values with a shared zod schema; issues become `data.{field}` errors with the schema's messages. */
export function validateWith(ctx: Pick<HookContext, 'action'>, schema: z.ZodType, values: unknown): void {
  const result = schema.safeParse(values);
  if (result.success) return;
  const data: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'value');
    if (data[key]) continue;
    const required = issue.code === 'too_small' && (issue as { minimum?: unknown }).minimum === 1;
    data[key] = fieldError(required ? 'validation_required' : 'validation_invalid_value', issue.message);
  }
  throw writeFailed(ctx, data);
}

/** A URL-safe slug from a name: lower-case ASCII letters, digits and dashes. */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return base.length >= 2 ? base : `${base}${base ? '-' : ''}${newRecordId().slice(0, 6)}`;
}

/** The first free slug of a name in a table (`name`, `name-2`, … then a random suffix). */
export function uniqueSlug(taken: (slug: string) => boolean, name: string, current = ''): string {
  const base = slugify(name);
  for (let i = 1; i < 50; i++) {
    const candidate = i === 1 ? base : `${base}-${i}`;
    if (candidate === current || !taken(candidate)) return candidate;
  }
  return `${base}-${newRecordId().slice(0, 6)}`;
}

/** True when the request body submitted this key (rules and hooks see resolved values there). */
export function submitted(ctx: HookContext, key: string): boolean {
  return Object.hasOwn(ctx.req.body, key);
}
