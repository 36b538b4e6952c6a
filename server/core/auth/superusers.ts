import { ApiError } from '../errors.ts';
import { verifyPassword } from './password.ts';
import type { RecordEngine } from '../records/engine.ts';
import type { RequestInfo } from '../request-info.ts';

/**
 * Creates the superuser, or sets its password when the email exists. An unchanged password is not
 * rewritten, so restarts (SUPERUSER_* in the env, backup restores) keep superusers signed in.
 */
export async function upsertSuperuser(
  engine: RecordEngine,
  system: RequestInfo,
  email: string,
  password: string,
): Promise<'created' | 'updated' | 'unchanged'> {
  const c = engine.collection('_superusers');
  const existing = engine.stmts.get(
    `SELECT "id", "password" FROM "_superusers" WHERE ${engine.stmts.dialect.nocase('"email"')} = ${engine.stmts.dialect.nocase('?')}`,
    [email],
  );
  const data = { email, password, passwordConfirm: password };
  if (existing && (await verifyPassword(String(existing.password ?? ''), password))) return 'unchanged';
  if (existing) {
    await engine.update(c, String(existing.id), { data, files: {}, fromForm: false }, system);
    return 'updated';
  }
  await engine.create(c, { data, files: {}, fromForm: false }, system);
  return 'created';
}

/** Deletes a superuser by email; the last one cannot be deleted. */
export async function deleteSuperuser(engine: RecordEngine, system: RequestInfo, email: string): Promise<boolean> {
  const existing = engine.stmts.get(
    `SELECT "id" FROM "_superusers" WHERE ${engine.stmts.dialect.nocase('"email"')} = ${engine.stmts.dialect.nocase('?')}`,
    [email],
  );
  if (!existing) return false;
  const count = engine.stmts.get('SELECT COUNT(*) AS c FROM "_superusers"');
  if (Number(count?.c ?? 0) <= 1) throw new ApiError(400, "You can't delete the only existing superuser.");
  await engine.delete(engine.collection('_superusers'), String(existing.id), system);
  return true;
}
