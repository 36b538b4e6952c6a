// Types of server/db/pg-prepared.mjs (plain JavaScript, shared with the worker thread).
import type pg from 'pg';

export declare const sqliteLikeTypes: pg.CustomTypesConfig;
export declare function queryConfig(client: pg.ClientBase, sql: string, params: readonly unknown[]): pg.QueryArrayConfig;
export declare function forgetPrepared(client: pg.ClientBase): Promise<void>;
export declare function forgetStalePlan(client: pg.ClientBase, sql: string, err: unknown): boolean;
export declare function queryWithReplan(client: pg.ClientBase, sql: string, params: readonly unknown[]): Promise<pg.QueryArrayResult>;
export declare function resultOf(res: pg.QueryArrayResult): { fields: string[]; rows: unknown[][]; count: number };
export declare function plainError(err: unknown): Error;
