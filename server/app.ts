import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Config } from './config.ts';
import { appCollections } from './app-collections.ts';
import { createContext, type AppContext } from './context.ts';
import type { RealtimeBus } from './core/realtime/bus.ts';
import type { CollectionDef } from './core/collections.ts';
import { ApiError } from './core/errors.ts';
import { jsonTooDeep, MAX_JSON_DEPTH } from './core/json-depth.ts';
import { closeOnUnreadBody } from './http/body.ts';
import { registerErrorHandling } from './http/errors.ts';
import { FormAccumulator } from './http/form-values.ts';
import { registerAuth, registerFieldsPicker, registerHeaders } from './http/hooks.ts';
import './http/fastify-types.ts';
import { authRoutes } from './routes/auth.ts';
import { batchRoutes } from './routes/batch.ts';
import { fileRoutes } from './routes/files.ts';
import { healthRoutes } from './routes/health.ts';
import { recordRoutes } from './routes/records.ts';
import { bootstrapAuth } from './bootstrap.ts';
import { productModules } from './modules/index.ts';
import { installDefaultMessages } from '../shared/schemas/messages.ts';
import { realtimeRoutes } from './routes/realtime.ts';
import { webRoutes } from './routes/web.ts';
import { registerSecurityHeaders, spaInlineScripts } from './http/security.ts';
import { maskUrl } from './ops/logs.ts';
import { registerOps, type Restarter } from './ops/index.ts';
import { checkStorageDirs } from './startup-checks.ts';
import type { MailLogWriter } from './mail/mailer.ts';

export interface BuildOptions {
  /** Collections served by this app; defaults to the product's. Tests pass their own. */
  collections?: CollectionDef[];
  logger?: boolean;
  /** Where emails are written when no SMTP server is set; defaults to stdout unless logging is off or silent. */
  writeMail?: MailLogWriter;
  /** Restarts the app in-process after a backup restore (server/index.ts and the test app provide it). */
  onRestart?: Restarter;
  /** The realtime bus (tests inject one); by default the configured one. */
  bus?: RealtimeBus;
}

const MAX_BODY = 32 * 1024 * 1024;

/**
 * Every request is kept in the request log (GET /api/logs); on the console it would bury what an
 * operator needs (emails, warnings, errors), so successful requests are written at debug level.
 */
class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Logged emails go to stdout beside the log, at every level but `silent`. */
const writeToStdout: MailLogWriter = (text) => {
  process.stdout.write(text);
};

const LOAD_ERROR = 'An error occurred while loading the submitted data.';
const BATCH_BODY_LIMIT = 128 * 1024 * 1024;

/** JSON bodies; the SDK sends `Content-Type: application/json` with empty bodies on GET/DELETE: that is `{}`. */
function registerJsonParser(app: FastifyInstance, errorMessage: string): void {
  if (app.hasContentTypeParser('application/json')) app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new ApiError(400, errorMessage), undefined);
    }
    if (jsonTooDeep(parsed))
      return done(new ApiError(400, `${errorMessage.replace(/\.$/, '')}: the JSON nests deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
    done(null, parsed);
  });
}

function registerBodyParsers(app: FastifyInstance): void {
  registerJsonParser(app, LOAD_ERROR);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      const form = new FormAccumulator();
      for (const [k, v] of new URLSearchParams(String(body))) form.add(k, v);
      done(null, form.result());
    } catch {
      done(new ApiError(400, LOAD_ERROR), undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => {
    if ((body as Buffer).length === 0) return done(null, undefined);
    done(new ApiError(400, 'Unsupported content type.'), undefined);
  });
}

/** TRUSTED_PROXIES as Fastify takes it (a hop count becomes the equivalent function). */
function trustProxyOption(value: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** Builds the whole app (API, later the web app and guest pages) without listening. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  installDefaultMessages();
  // Unusable DATA_DIR/UPLOADS_DIR: stop here with a clear message (ConfigError).
  await checkStorageDirs(config);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            // File and backup download URLs carry tokens in the query: never in the log.
            serializers: {
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: maskUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    logController: new QuietRequestLog(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: MAX_BODY,
    exposeHeadRoutes: true,
    routerOptions: { maxParamLength: 500 },
  });
  const ctx = createContext(config, options.collections ?? appCollections, {
    log: app.log,
    writeMail: options.writeMail ?? (options.logger === false || config.logLevel === 'silent' ? undefined : writeToStdout),
    bus: options.bus,
  });
  // SSE streams never end on their own: close them first so close() can finish in-flight requests.
  app.addHook('preClose', async () => ctx.hub.closeAll());
  app.addHook('onClose', async () => ctx.close());
  for (const module of productModules) await module.register?.(ctx);
  for (const module of productModules) await module.ready?.(ctx);
  await bootstrapAuth(ctx);
  // A shared realtime bus listens before the first request (it keeps retrying if it cannot yet).
  // Not earlier: boot-time work must not wait on it (an instance alone never yields here).
  if (ctx.bus.start) await ctx.bus.start();
  await app.register(multipart, {
    limits: { fileSize: 64 * 1024 * 1024, files: 1000, fields: 2000, parts: 3000, fieldSize: 16 * 1024 * 1024 },
  });
  registerBodyParsers(app);
  closeOnUnreadBody(app);
  registerErrorHandling(app, ctx.storageHealth);
  registerSecurityHeaders(app, [...spaInlineScripts(config.webDist), ...productModules.flatMap((m) => m.inlineScripts ?? [])]);
  registerHeaders(app, config.corsOrigins);
  registerAuth(app, ctx.tokens);
  registerFieldsPicker(app);
  // Settings, logs, backups, crons (server/ops).
  registerOps(app, ctx, { onRestart: options.onRestart });

  // Every route of the app, in one list.
  for (const routes of [healthRoutes, recordRoutes, authRoutes, fileRoutes, realtimeRoutes]) {
    routes(app, ctx);
  }
  for (const module of productModules) module.routes?.(app, ctx);
  await webRoutes(app, ctx);
  // Batch reads its body with its own error message and a larger limit.
  await app.register(async (batch) => {
    registerJsonParser(batch, 'Failed to read the submitted batch data.');
    batchRoutes(batch, ctx, BATCH_BODY_LIMIT);
  });
  return { app, ctx };
}
