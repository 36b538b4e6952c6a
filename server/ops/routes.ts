import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { configuredTranslator } from '../modules/translation/configured.ts';
import type { AppContext } from '../context.ts';
import { ApiError, fieldError } from '../core/errors.ts';
import { isSuperuser } from '../core/request-info.ts';
import { queryString, requestInfo } from '../http/request-info.ts';
import { emailChangeEmail, loginAlertEmail, otpEmail, passwordResetEmail, verificationEmail } from '../mail/templates.ts';
import { parseListParams } from '../routes/list-params.ts';
import { S3_BACKUPS_MESSAGE, type BackupService } from './backups.ts';
import { invalidData, requireSuperuser } from './guard.ts';
import type { LogStore } from './logs.ts';
import { maskSettings } from './settings.ts';

/** The contract's ops routes (§9): thin adapters over the settings, logs, backups and crons services. */

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const b = request.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw new ApiError(400, 'An error occurred while loading the submitted data.');
  return b as Record<string, unknown>;
}

const TEMPLATES = ['verification', 'password-reset', 'email-change', 'otp', 'login-alert'] as const;

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/settings', async (request) => {
    requireSuperuser(request);
    return maskSettings(ctx.settings.get());
  });

  app.patch('/api/settings', async (request) => {
    requireSuperuser(request);
    // Scheduled backups would fail at every run: the zip cannot hold the bucket's files.
    if (ctx.config.s3Storage && ctx.settings.preview(request.body ?? {}).backups.cron)
      throw invalidData({ backups: { cron: fieldError('validation_backups_s3_storage', S3_BACKUPS_MESSAGE) } });
    return maskSettings(ctx.settings.update(request.body ?? {}));
  });

  app.post('/api/settings/test/email', async (request, reply) => {
    requireSuperuser(request);
    const body = bodyOf(request);
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const template = typeof body.template === 'string' ? body.template : '';
    const errors: Record<string, unknown> = {};
    if (!email) errors.email = fieldError('validation_required', 'Cannot be blank.');
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = fieldError('validation_is_email', 'Must be a valid email address.');
    if (!template) errors.template = fieldError('validation_required', 'Cannot be blank.');
    else if (!(TEMPLATES as readonly string[]).includes(template))
      errors.template = fieldError('validation_in_invalid', 'Must be a valid value.');
    if (Object.keys(errors).length) throw invalidData(errors);
    const brand = { appName: ctx.config.appName, appUrl: ctx.config.appUrl };
    const link = (p: string) => `${brand.appUrl}/${p}?token=test-token`;
    const content = {
      verification: () => verificationEmail(brand, link('verify')),
      'password-reset': () => passwordResetEmail(brand, link('reset-password')),
      'email-change': () => emailChangeEmail(brand, link('confirm-email-change'), email),
      otp: () => otpEmail(brand, '12345678', 3),
      'login-alert': () =>
        loginAlertEmail(brand, { when: new Date().toUTCString(), userAgent: String(request.headers['user-agent'] ?? ''), ip: request.ip }),
    }[template as (typeof TEMPLATES)[number]]();
    try {
      await ctx.mailer.send({ to: email, ...content });
    } catch (err) {
      request.log.warn({ err }, 'test email failed');
      throw new ApiError(400, 'Failed to send the test email.', { email: fieldError('validation_send_failed', (err as Error).message) });
    }
    return reply.status(204).send();
  });

  // The console's "Test" of machine translation: "Good morning" into German with the saved settings
  // and the form's unsaved changes (nothing is saved); provider errors come back as they are (no key in them).
  app.post('/api/settings/test/translation', async (request) => {
    requireSuperuser(request);
    const body = bodyOf(request);
    const settings = ctx.settings.preview(body.machineTranslation === undefined ? {} : { machineTranslation: body.machineTranslation });
    const translator = configuredTranslator(settings.machineTranslation);
    if (!translator) throw new ApiError(400, 'No machine translation provider is configured.');
    const [text = ''] = await translator.translate(['Good morning'], 'en', 'de');
    return { provider: translator.name, text };
  });

  app.post('/api/settings/test/s3', async (request) => {
    requireSuperuser(request);
    throw new ApiError(400, 'S3 storage is not supported by this server (files and backups are stored on local disk).');
  });
}

export function logRoutes(app: FastifyInstance, logs: LogStore): void {
  app.get('/api/logs', async (request) => {
    requireSuperuser(request);
    const p = parseListParams(request);
    return logs.list({ page: p.page, perPage: p.perPage, sort: p.sort, filter: p.filter, skipTotal: p.skipTotal }, requestInfo(request));
  });

  app.get('/api/logs/stats', async (request) => {
    requireSuperuser(request);
    return logs.stats(queryString(request, 'filter'), requestInfo(request));
  });

  app.get<{ Params: { id: string } }>('/api/logs/:id', async (request) => {
    requireSuperuser(request);
    const item = logs.view(request.params.id);
    if (!item) throw new ApiError(404);
    return item;
  });
}

/** After the 204 has gone out, give the client a moment before the app goes down. */
const RESTART_DELAY_MS = 200;

export function backupRoutes(app: FastifyInstance, ctx: AppContext, backups: BackupService): void {
  app.get('/api/backups', async (request) => {
    requireSuperuser(request);
    return backups.list();
  });

  app.post('/api/backups', async (request, reply) => {
    requireSuperuser(request);
    const body = bodyOf(request);
    if (body.name !== undefined && body.name !== null && typeof body.name !== 'string') {
      throw invalidData({ name: fieldError('validation_invalid_value', 'Invalid value.') });
    }
    const name = typeof body.name === 'string' && body.name !== '' ? body.name : undefined;
    await backups.create(name);
    return reply.status(204).send();
  });

  // Backup uploads have no size limit (PocketBase's rule), unlike every other multipart body.
  app.post('/api/backups/upload', async (request, reply) => {
    requireSuperuser(request);
    if (!request.isMultipart()) throw invalidData({ file: fieldError('validation_required', 'Cannot be blank.') });
    let saved = false;
    for await (const part of request.parts({ limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 1 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || saved) {
        part.file.resume();
        continue;
      }
      await backups.saveUpload(part.file, part.filename || 'backup.zip');
      saved = true;
    }
    if (!saved) throw invalidData({ file: fieldError('validation_required', 'Cannot be blank.') });
    return reply.status(204).send();
  });

  // Browsers download with a link: authorised by a superuser *file* token in the query only.
  app.get<{ Params: { key: string } }>('/api/backups/:key', async (request, reply: FastifyReply) => {
    const state = ctx.tokens.verify(queryString(request, 'token'), ['file']);
    if (!state || !isSuperuser({ auth: { collection: state.collection, row: state.row } })) {
      throw new ApiError(403, 'Insufficient permissions to access the resource.');
    }
    const file = backups.fileOf(request.params.key);
    if (!file) throw new ApiError(404);
    const stat = fs.statSync(file);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${request.params.key}"`)
      .header('Content-Length', stat.size)
      .header('Cache-Control', 'no-store')
      .send(fs.createReadStream(file));
  });

  app.delete<{ Params: { key: string } }>('/api/backups/:key', async (request, reply) => {
    requireSuperuser(request);
    await backups.remove(request.params.key);
    return reply.status(204).send();
  });

  app.post<{ Params: { key: string } }>('/api/backups/:key/restore', async (request, reply) => {
    requireSuperuser(request);
    const run = await backups.prepareRestore(request.params.key);
    // Once the response is out, or the client went away before it was.
    let scheduled = false;
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => void run(), RESTART_DELAY_MS);
    };
    reply.raw.once('finish', schedule);
    reply.raw.once('close', schedule);
    return reply.status(204).send();
  });
}

export function cronRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/crons', async (request) => {
    requireSuperuser(request);
    return ctx.crons.list();
  });

  app.post<{ Params: { id: string } }>('/api/crons/:id', async (request, reply) => {
    requireSuperuser(request);
    if (!ctx.crons.has(request.params.id)) throw new ApiError(404, 'Missing or invalid cron job.');
    void ctx.crons.run(request.params.id);
    return reply.status(204).send();
  });
}
