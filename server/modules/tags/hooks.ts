import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { fieldError } from '../../core/errors.ts';
import type { SqlStatements } from '../../db/sql.ts';
import { DEFAULT_TAG_COLOR } from '../../../shared/constants.ts';
import { MESSAGES } from '../../../shared/schemas/message-texts.ts';
import { zTagRecord } from '../../../shared/schemas/tags.ts';
import { validateWith, writeFailed } from '../hook-helpers.ts';
import { normalizeTranslations } from '../translation-hooks.ts';
import { tagNamesOfOrganization } from './queries.ts';

/** A tag name as compared for uniqueness: trimmed, NFC, case folded (Unicode, not SQLite's ASCII `lower`). */
export const tagNameKey = (name: string): string => name.trim().normalize('NFC').toLocaleLowerCase('und');

/**
 * Tags: the form's name rule (stored trimmed), unique per organization ignoring case (a clear
 * `data.name` error, not two identical "Spicy" chips), and an empty colour becomes #000000.
 * SQLite serializes writes and hooks run inside the write's transaction, so the check cannot race.
 */
export function registerTagHooks(engine: RecordEngine, stmts: SqlStatements): void {
  const check = (ctx: HookContext) => {
    if (!ctx.row.color) ctx.row.color = DEFAULT_TAG_COLOR;
    validateWith(ctx, zTagRecord, { name: ctx.row.name, color: ctx.row.color });
    const name = String(ctx.row.name ?? '').trim();
    ctx.row.name = name;
    const key = tagNameKey(name);
    const id = String(ctx.row.id);
    const taken = tagNamesOfOrganization(stmts, String(ctx.row.organization)).some((t) => t.id !== id && tagNameKey(t.name) === key);
    if (taken) throw writeFailed(ctx, { name: fieldError('validation_not_unique', MESSAGES.tagNameTaken) });
    normalizeTranslations(ctx, 'tags');
  };
  engine.hooks.before('tags', 'create', check);
  engine.hooks.before('tags', 'update', check);
}
