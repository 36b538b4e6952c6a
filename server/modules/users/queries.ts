import type { SqlStatements } from '../../db/sql.ts';

/** The users module's SQL: the product's accounts (`users`). */

/** The organization a user works in ('' for none or an unknown user). */
export function currentOrganizationOf(stmts: SqlStatements, userId: string): string {
  return String(stmts.get('SELECT currentOrganization FROM users WHERE id = ?', [userId])?.currentOrganization ?? '');
}

/** Whether an account with this email (any case) exists. */
/** The staff-app language stored on the account with this email ('' when none chose one), or null without an account. */
export function accountLanguage(stmts: SqlStatements, email: string): string | null {
  const row = stmts.get(`SELECT language FROM users WHERE ${stmts.dialect.nocase('email')} = ${stmts.dialect.nocase('?')}`, [email]);
  return row ? String(row.language ?? '') : null;
}

export function emailHasAccount(stmts: SqlStatements, email: string): boolean {
  return Boolean(stmts.get(`SELECT 1 AS x FROM users WHERE ${stmts.dialect.nocase('email')} = ${stmts.dialect.nocase('?')}`, [email]));
}
