import type { SqlStatements } from './sql.ts';

/**
 * The instance's own key/value state in `_params` (the generated app secret, saved settings, the
 * billing mode of the last start): one row per key, the value as text.
 */
export function readParam(stmts: SqlStatements, key: string): string | undefined {
  const row = stmts.get('SELECT value FROM _params WHERE key = ?', [key]);
  return row ? String(row.value) : undefined;
}

export function writeParam(stmts: SqlStatements, key: string, value: string): void {
  stmts.run('INSERT INTO _params (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value', [key, value]);
}
