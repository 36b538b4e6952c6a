import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { SUPERUSERS } from '../core/collections.ts';
import { ApiError, fieldError } from '../core/errors.ts';
import { requestInfo } from '../http/request-info.ts';
import { authResponse } from '../routes/auth.ts';
import { invalidData } from './guard.ts';

/** How long a printed installer link stays valid (PocketBase's installer link lasts as long). */
export const INSTALLER_TOKEN_SECONDS = 60 * 60;

/** The console page that reads the token; the token sits in the hash so no request log ever holds it. */
export const INSTALLER_PATH = '/_/#/install/';

function superuserCount(ctx: AppContext): number {
  return Number(ctx.stmts.get(`SELECT COUNT(*) AS c FROM "${SUPERUSERS}"`)?.c ?? 0);
}

/**
 * The one-time link that creates the first superuser, or null once any superuser exists. The
 * token is bound to no record (there is none yet); it dies after an hour, and at once when the
 * first superuser is created (by this link, the CLI or SUPERUSER_* in the environment).
 */
export async function installerUrl(ctx: AppContext): Promise<string | null> {
  if (superuserCount(ctx) > 0) return null;
  const token = await ctx.tokens.signDetached(ctx.engine.collection(SUPERUSERS), 'installer', INSTALLER_TOKEN_SECONDS);
  return `${ctx.config.appUrl}${INSTALLER_PATH}${token}`;
}

/** Whether `token` may still create the first superuser. */
export function installerTokenValid(ctx: AppContext, token: string): boolean {
  return superuserCount(ctx) === 0 && ctx.tokens.verifyDetached(token, ctx.engine.collection(SUPERUSERS), 'installer') !== null;
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const b = request.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw new ApiError(400, 'An error occurred while loading the submitted data.');
  return b as Record<string, unknown>;
}

const invalidToken = () => invalidData({ token: fieldError('validation_invalid_token', 'The installer link is invalid or has expired.') });

/**
 * `POST /api/installer` {token, email, password, passwordConfirm}: creates the first superuser and
 * answers like `authWithPassword`. `GET`-free on purpose: the token travels only in bodies.
 */
export function installerRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Two tabs submitting the same link at once must not both create a superuser (one process, one flag).
  let installing = false;

  app.post('/api/installer', async (request) => {
    const body = bodyOf(request);
    const token = typeof body.token === 'string' ? body.token : '';
    if (!token) throw invalidData({ token: fieldError('validation_required', 'Cannot be blank.') });
    if (installing || !installerTokenValid(ctx, token)) throw invalidToken();
    const superusers = ctx.engine.collection(SUPERUSERS);
    installing = true;
    try {
      const data: Record<string, unknown> = {};
      // Only the three fields of a superuser; anything else in the body is ignored, never stored.
      for (const key of ['email', 'password', 'passwordConfirm']) {
        const v = body[key];
        if (v !== undefined && typeof v !== 'string')
          throw invalidData({ [key]: fieldError('validation_invalid_value', 'Invalid value.') });
        data[key] = v ?? '';
      }
      const created = await ctx.engine.create(superusers, { data, files: {}, fromForm: false }, ctx.auth.systemRequest('default'));
      const row = ctx.stmts.get(`SELECT * FROM "${SUPERUSERS}" WHERE "id" = ?`, [String(created.id)]);
      if (!row) throw new ApiError(500);
      return await authResponse(ctx, superusers, row, requestInfo(request, 'password'), '');
    } finally {
      installing = false;
    }
  });
}
