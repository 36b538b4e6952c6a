import { fieldError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import { UPLOAD_NAME_MIN } from '../../../shared/constants.ts';
import { writeFailed } from '../hook-helpers.ts';

/** Upload records: the form's rules (name, PDF file) and the initial status. */
export function registerUploadHooks(engine: RecordEngine): void {
  engine.hooks.before('menu_uploads', 'create', (ctx) => {
    const errors: Record<string, ReturnType<typeof fieldError>> = {};
    if (String(ctx.row.name ?? '').trim().length < UPLOAD_NAME_MIN) errors.name = fieldError('validation_required', 'Menu name is required');
    if (!ctx.row.file) errors.file = fieldError('validation_required', 'A valid PDF file is required');
    if (Object.keys(errors).length) throw writeFailed(ctx, errors);
    if (!ctx.row.status) ctx.row.status = 'uploaded';
  });
}
