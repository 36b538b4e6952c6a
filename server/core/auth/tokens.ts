import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Collection, CollectionRegistry } from '../collections.ts';
import type { SqlStatements } from '../../db/sql.ts';
import type { AuthState } from '../request-info.ts';

export type TokenType = 'auth' | 'file' | 'verification' | 'passwordReset' | 'emailChange' | 'installer' | 'menuPreview';

/**
 * JWTs as PocketBase issues them: HS256, signed with `record.tokenKey + collection secret`, so
 * changing a record's tokenKey (password/email change) invalidates all its tokens.
 * Issuing uses jose; the per-request check is a plain HMAC with a timing-safe compare
 * (an order of magnitude cheaper than WebCrypto on every request).
 */
export class TokenService {
  constructor(
    private readonly registry: CollectionRegistry,
    private readonly stmts: SqlStatements,
    private readonly appSecret: string,
    private readonly now: () => Date,
  ) {}

  private readonly secrets = new Map<string, string>();
  /** Auth rows by collection/id: every authenticated request needs one; writes invalidate (see forget). */
  private readonly rows = new Map<string, Record<string, unknown>>();
  private static readonly MAX_ROWS = 10_000;

  /** Drops a cached auth row (called for every update or delete of an auth record). */
  forget(collectionId: string, id: string): void {
    this.rows.delete(`${collectionId}/${id}`);
  }

  /** Drops every cached auth row (the realtime bus may have missed another instance's writes). */
  forgetAll(): void {
    this.rows.clear();
  }

  /** The auth state of a record by ids (cached row), or null when the collection or record is gone. */
  authState(collectionId: string, id: string): AuthState | null {
    const collection = this.registry.get(collectionId);
    const row = collection?.type === 'auth' ? this.loadRow(collection, id) : undefined;
    return collection && row ? { collection, row } : null;
  }

  private loadRow(collection: Collection, id: string): Record<string, unknown> | undefined {
    const key = `${collection.id}/${id}`;
    const cached = this.rows.get(key);
    if (cached) return cached;
    const row = this.stmts.get(`SELECT * FROM "${collection.name}" WHERE "id" = ?`, [id]);
    if (row) {
      if (this.rows.size >= TokenService.MAX_ROWS) this.rows.delete(this.rows.keys().next().value as string);
      this.rows.set(key, row);
    }
    return row;
  }

  /** Per collection and token type secret, derived from the app secret (computed once). */
  secret(collection: Collection, type: TokenType): string {
    const key = `${collection.id}:${type}`;
    let secret = this.secrets.get(key);
    if (!secret) {
      secret = createHmac('sha256', this.appSecret).update(key).digest('base64url');
      this.secrets.set(key, secret);
    }
    return secret;
  }

  async sign(
    collection: Collection,
    row: Record<string, unknown>,
    type: TokenType,
    durationSeconds: number,
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    const key = new TextEncoder().encode(String(row.tokenKey ?? '') + this.secret(collection, type));
    const exp = Math.floor(this.now().getTime() / 1000) + durationSeconds;
    return new SignJWT({ collectionId: collection.id, exp, id: String(row.id), type, ...extra })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(key);
  }

  /** Tokens already verified, valid while their auth row is the cached one (any change drops it). */
  private readonly verified = new Map<string, { state: AuthState & { claims: Record<string, unknown> }; key: string; exp: number }>();

  /** Verifies a token of one of the allowed types; null for anything invalid (never throws). */
  verify(token: string, allowed: TokenType[]): (AuthState & { claims: Record<string, unknown> }) | null {
    const hit = this.verified.get(token);
    if (
      hit &&
      allowed.includes(hit.state.claims.type as TokenType) &&
      hit.exp > this.now().getTime() / 1000 &&
      this.rows.get(hit.key) === hit.state.row
    ) {
      return hit.state;
    }
    const state = this.verifyFresh(token, allowed);
    if (state) {
      if (this.verified.size >= TokenService.MAX_ROWS) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { state, key: `${state.collection.id}/${String(state.row.id)}`, exp: Number(state.claims.exp) });
    }
    return state;
  }

  /**
   * A token bound to no record (the installer link: there is no superuser yet to bind it to; a
   * menu's preview link: anyone holding it may look, for a short time), signed with the
   * collection's secret of its type, carrying `extra` claims. Revoking it is the caller's job.
   */
  async signDetached(
    collection: Collection,
    type: TokenType,
    durationSeconds: number,
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    return this.sign(collection, { id: type, tokenKey: '' }, type, durationSeconds, extra);
  }

  /** The claims of a valid, unexpired detached token of `type` for `collection`; null otherwise. */
  verifyDetached(token: string, collection: Collection, type: TokenType): Record<string, unknown> | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [h, p, s] = parts as [string, string, string];
    let claims: Record<string, unknown>;
    try {
      const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Record<string, unknown>;
      if (header.alg !== 'HS256') return null;
      claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return null;
    }
    if (typeof claims !== 'object' || claims === null || claims.type !== type || claims.collectionId !== collection.id) return null;
    if (typeof claims.exp !== 'number' || claims.exp <= this.now().getTime() / 1000) return null;
    const expected = createHmac('sha256', this.secret(collection, type)).update(`${h}.${p}`).digest();
    const given = Buffer.from(s, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return claims;
  }

  private verifyFresh(token: string, allowed: TokenType[]): (AuthState & { claims: Record<string, unknown> }) | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [h, p, s] = parts as [string, string, string];
    let header: Record<string, unknown>;
    let claims: Record<string, unknown>;
    try {
      header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
      claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (header.alg !== 'HS256' || typeof claims !== 'object' || claims === null) return null;
    const { id, collectionId, type, exp } = claims;
    if (typeof id !== 'string' || !id || typeof collectionId !== 'string' || typeof type !== 'string') return null;
    if (!allowed.includes(type as TokenType)) return null;
    if (typeof exp !== 'number' || exp <= this.now().getTime() / 1000) return null;
    const collection = this.registry.get(collectionId);
    if (!collection || collection.id !== collectionId || collection.type !== 'auth') return null;
    const row = this.loadRow(collection, id);
    if (!row) return null;
    const expected = createHmac('sha256', String(row.tokenKey ?? '') + this.secret(collection, type as TokenType))
      .update(`${h}.${p}`)
      .digest();
    let given: Buffer;
    try {
      given = Buffer.from(s, 'base64url');
    } catch {
      return null;
    }
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { collection, row, claims };
  }
}
