import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Collection, CollectionRegistry } from '../collections.ts';
import { ApiError, fieldError, type FieldError } from '../errors.ts';
import { LOWER_ALNUM, newRecordId, randomDigits, randomString } from '../../../shared/ids.ts';
import type { RecordEngine } from '../records/engine.ts';
import type { WriteInput } from '../records/write.ts';
import type { RecordJson, StoredRow } from '../records/codec.ts';
import { isSuperuser, type RequestInfo } from '../request-info.ts';
import { formatDateTime } from '../datetime.ts';
import type { AuthMail } from './mail-port.ts';
import type { LimiterFactory, RateLimiter } from './rate-limit.ts';
import type { TokenService, TokenType } from './tokens.ts';

const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const RESEND_COOLDOWN_MS = 2 * 60 * 1000;
/** Attempts per code request, as PocketBase allows per record (but per otpId, see consumeOtp). */
const OTP_MAX_ATTEMPTS = 5;
/** Wrong codes per client and auth collection before it gets 429 for any code. */
const OTP_CLIENT_MAX_FAILURES = 20;
/** Both OTP windows; longer than the longest code lifetime we configure (10 minutes). */
const OTP_WINDOW_MS = 15 * 60 * 1000;
const VALIDATION_FAILED = 'An error occurred while validating the submitted data.';

export interface AuthServiceDeps {
  registry: CollectionRegistry;
  engine: RecordEngine;
  tokens: TokenService;
  mail: AuthMail;
  appSecret: string;
  now: () => Date;
  /**
   * The store of the one-time-code limits: the app's (`RATE_LIMIT_STORE`), so with several
   * instances on one database a code's five attempts are five across all of them.
   */
  limiters: LimiterFactory;
  /** Failures of background email sends are logged, never surfaced (no account enumeration). */
  logError: (err: unknown, msg: string) => void;
}

function invalid(errors: Record<string, FieldError>): ApiError {
  return new ApiError(400, VALIDATION_FAILED, errors);
}

function requireEmail(value: unknown, key = 'email'): string {
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) throw invalid({ [key]: fieldError('validation_required', 'Cannot be blank.') });
  if (email.length > 255 || !EMAIL_RE.test(email))
    throw invalid({ [key]: fieldError('validation_is_email', 'Must be a valid email address.') });
  return email;
}

/** The field error of a required text value, as `{ [key]: error }`, or `{}` when it is fine. */
function textError(value: unknown, key: string, max = 255): Record<string, FieldError> {
  const text = typeof value === 'string' ? value : '';
  if (!text) return { [key]: fieldError('validation_required', 'Cannot be blank.') };
  if (text.length > max) return { [key]: fieldError('validation_length_out_of_range', `The length must be between 1 and ${max}.`) };
  return {};
}

/**
 * The email-based auth flows of the contract: verification, password reset, email change and
 * one-time codes. Writes go through the record engine (as the system) so rules, tokenKey rotation
 * and events behave exactly as for API writes.
 */
/** Verification links need the account's own session (see confirmVerification). */
export const VERIFY_SIGN_IN_FIRST = 'Sign in to this account to confirm its email address.';

export class AuthService {
  private readonly lastSent = new Map<string, number>();
  /** Attempts per code request (`collection:otpId`); the window outlives any code. */
  private readonly otpCodeAttempts: RateLimiter;
  /** Wrong codes per client (`collection:ip`). */
  private readonly otpClientFailures: RateLimiter;

  constructor(private readonly deps: AuthServiceDeps) {
    this.otpCodeAttempts = deps.limiters('otp-code', OTP_MAX_ATTEMPTS, OTP_WINDOW_MS);
    this.otpClientFailures = deps.limiters('otp-client', OTP_CLIENT_MAX_FAILURES, OTP_WINDOW_MS);
  }

  get engine(): RecordEngine {
    return this.deps.engine;
  }

  /** A request context with superuser rights for internal writes. */
  systemRequest(context: string): RequestInfo {
    return this.deps.engine.systemRequest(context);
  }

  findByEmail(collection: Collection, email: string): StoredRow | undefined {
    return this.deps.engine.stmts.get(
      `SELECT * FROM "${collection.name}" WHERE ${this.deps.engine.stmts.dialect.nocase('"email"')} = ${this.deps.engine.stmts.dialect.nocase('?')} AND "email" != '' LIMIT 1`,
      [email],
    );
  }

  private sign(collection: Collection, row: StoredRow, type: TokenType, extra: Record<string, unknown>): Promise<string> {
    const a = collection.auth;
    const duration =
      type === 'verification'
        ? a?.verificationTokenDuration
        : type === 'passwordReset'
          ? a?.passwordResetTokenDuration
          : a?.emailChangeTokenDuration;
    return this.deps.tokens.sign(collection, row, type, duration ?? 1800, extra);
  }

  /** At most one email of a kind per record every 2 minutes (silently skipped). */
  private cooldown(kind: string, collection: Collection, id: string): boolean {
    const key = `${kind}:${collection.id}:${id}`;
    const now = this.deps.now().getTime();
    const last = this.lastSent.get(key);
    if (last && now - last < RESEND_COOLDOWN_MS) return false;
    this.lastSent.set(key, now);
    if (this.lastSent.size > 10000) {
      for (const [k, t] of this.lastSent) if (now - t > RESEND_COOLDOWN_MS) this.lastSent.delete(k);
    }
    return true;
  }

  /**
   * Runs email work after the reply: setImmediate starts it only once the current request's
   * response has been handed to the socket, so none of its cost (token signing, rendering, the
   * SMTP client, the OTP insert) shows in the response time of a known address.
   */
  private background(work: () => Promise<void>, what: string): void {
    setImmediate(() => {
      work().catch((err: unknown) => this.deps.logError(err, `failed to send ${what} email`));
    });
  }

  /** The record of a token of this collection, or the `token` field error (never throws). */
  private checkToken(
    collection: Collection,
    token: unknown,
    type: TokenType,
  ): { row: StoredRow; claims: Record<string, unknown> } | { error: Record<string, FieldError> } {
    const text = typeof token === 'string' ? token : '';
    if (!text) return { error: { token: fieldError('validation_required', 'Cannot be blank.') } };
    const state = this.deps.tokens.verify(text, [type]);
    if (!state) return { error: { token: fieldError('validation_invalid_token', 'Invalid or expired token.') } };
    if (state.collection.id !== collection.id)
      return {
        error: { token: fieldError('validation_token_collection_mismatch', 'The provided token is for different auth collection.') },
      };
    return { row: state.row, claims: state.claims };
  }

  private verifyToken(collection: Collection, token: unknown, type: TokenType): { row: StoredRow; claims: Record<string, unknown> } {
    const checked = this.checkToken(collection, token, type);
    if ('error' in checked) throw invalid(checked.error);
    return checked;
  }

  async requestVerification(collection: Collection, body: Record<string, unknown>): Promise<void> {
    if (collection.name === '_superusers') throw new ApiError(400, 'All superusers are verified by default.');
    const email = requireEmail(body.email);
    const row = this.findByEmail(collection, email);
    if (!row || row.verified === 1) return;
    this.sendVerification(collection, row);
  }

  /** Sends the verification email for a record (also used right after sign-up). */
  sendVerification(collection: Collection, row: StoredRow): void {
    if (!this.cooldown('verification', collection, String(row.id))) return;
    this.background(async () => {
      const token = await this.sign(collection, row, 'verification', { email: row.email });
      await this.deps.mail.verification(String(row.email), token, row);
    }, 'verification');
  }

  /**
   * Marks an address verified. The mailed token proves the mailbox; the caller must also be signed
   * in as that account (or be a superuser), which proves the password: otherwise whoever
   * registered someone else's address first would get a verified account the moment the real
   * owner clicks the link. The web app's /verify page asks for the sign-in first.
   */
  async confirmVerification(collection: Collection, body: Record<string, unknown>, req: RequestInfo): Promise<void> {
    if (collection.name === '_superusers') throw new ApiError(400, 'All superusers are verified by default.');
    const { row, claims } = this.verifyToken(collection, body.token, 'verification');
    if (typeof claims.email !== 'string' || !claims.email)
      throw invalid({ token: fieldError('validation_invalid_token_claims', 'Missing email token claim.') });
    if (String(row.email).toLowerCase() !== claims.email.toLowerCase()) {
      throw invalid({
        token: fieldError('validation_token_email_mismatch', "The record email doesn't match with the requested token claims."),
      });
    }
    if (row.verified === 1) return;
    if (!isSuperuser(req)) {
      if (!req.auth) throw new ApiError(401, VERIFY_SIGN_IN_FIRST);
      if (req.auth.collection.id !== collection.id || String(req.auth.row.id) !== String(row.id))
        throw new ApiError(403, VERIFY_SIGN_IN_FIRST);
    }
    await this.deps.engine.update(
      collection,
      String(row.id),
      { data: { verified: true }, files: {}, fromForm: false },
      this.systemRequest('default'),
    );
  }

  async requestPasswordReset(collection: Collection, body: Record<string, unknown>): Promise<void> {
    if (!collection.auth?.passwordAuth.enabled)
      throw new ApiError(400, 'The collection is not configured to allow password authentication.');
    const email = requireEmail(body.email);
    const row = this.findByEmail(collection, email);
    if (!row || !this.cooldown('passwordReset', collection, String(row.id))) return;
    this.background(async () => {
      const token = await this.sign(collection, row, 'passwordReset', { email: row.email });
      await this.deps.mail.passwordReset(String(row.email), token, row);
    }, 'password reset');
  }

  async confirmPasswordReset(collection: Collection, body: Record<string, unknown>): Promise<void> {
    // Every failing field at once: token, password and passwordConfirm.
    const checked = this.checkToken(collection, body.token, 'passwordReset');
    const password = typeof body.password === 'string' ? body.password : '';
    const errors: Record<string, FieldError> = 'error' in checked ? { ...checked.error } : {};
    if (!password) errors.password = fieldError('validation_required', 'Cannot be blank.');
    else if (password.length > 255) errors.password = fieldError('validation_length_out_of_range', 'The length must be between 1 and 255.');
    if (typeof body.passwordConfirm !== 'string' || !body.passwordConfirm)
      errors.passwordConfirm = fieldError('validation_required', 'Cannot be blank.');
    else if (body.passwordConfirm !== password) errors.passwordConfirm = fieldError('validation_values_mismatch', "Values don't match.");
    if (Object.keys(errors).length || 'error' in checked) throw invalid(errors);
    const { row, claims } = checked;
    const data: Record<string, unknown> = { password, passwordConfirm: password };
    if (typeof claims.email === 'string' && claims.email.toLowerCase() === String(row.email).toLowerCase()) data.verified = true;
    try {
      await this.deps.engine.update(collection, String(row.id), { data, files: {}, fromForm: false }, this.systemRequest('password'));
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) throw invalid(err.data as Record<string, FieldError>);
      throw err;
    }
  }

  async requestEmailChange(collection: Collection, auth: RequestInfo['auth'], body: Record<string, unknown>): Promise<void> {
    if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
    if (auth.collection.id !== collection.id)
      throw new ApiError(403, `The request requires auth record from ${auth.collection.name} collection.`);
    if (collection.name === '_superusers') throw new ApiError(400, 'All superusers can change their emails directly.');
    const newEmail = requireEmail(body.newEmail, 'newEmail');
    if (newEmail.toLowerCase() === String(auth.row.email).toLowerCase())
      throw invalid({ newEmail: fieldError('validation_not_in_invalid', 'Must not be in list.') });
    // A taken address gets the same 204 as a free one, and nobody gets an email: the answer must
    // not tell a signed-in user which addresses have accounts (PocketBase answers 400 here).
    // confirm-email-change still refuses an address that is taken by then.
    if (this.findByEmail(collection, newEmail)) return;
    const row = auth.row;
    this.background(async () => {
      const token = await this.sign(collection, row, 'emailChange', { email: row.email, newEmail });
      await this.deps.mail.emailChange(newEmail, token, newEmail, row);
    }, 'email change');
  }

  async confirmEmailChange(
    collection: Collection,
    body: Record<string, unknown>,
    checkPassword: (hash: string, password: string) => Promise<boolean>,
  ): Promise<void> {
    if (collection.name === '_superusers') throw new ApiError(400, 'All superusers can change their emails directly.');
    const checked = this.checkToken(collection, body.token, 'emailChange');
    const passwordError = textError(body.password, 'password');
    if ('error' in checked) throw invalid({ ...checked.error, ...passwordError });
    const { row, claims } = checked;
    const newEmail = typeof claims.newEmail === 'string' ? claims.newEmail : '';
    const other = newEmail ? this.findByEmail(collection, newEmail) : undefined;
    const tokenError: Record<string, FieldError> = !newEmail
      ? { token: fieldError('validation_invalid_token_payload', 'Invalid token payload - newEmail must be set.') }
      : other && other.id !== row.id
        ? { token: fieldError('validation_existing_token_email', 'The new email address is already registered.') }
        : {};
    if (Object.keys(tokenError).length || Object.keys(passwordError).length) throw invalid({ ...tokenError, ...passwordError });
    const password = String(body.password);
    if (!(await checkPassword(String(row.password ?? ''), password))) {
      throw invalid({ password: fieldError('validation_invalid_password', 'Missing or invalid auth record password.') });
    }
    await this.deps.engine.update(
      collection,
      String(row.id),
      { data: { email: newEmail, verified: true }, files: {}, fromForm: false },
      this.systemRequest('default'),
    );
  }

  private otpHash(otpId: string, code: string): string {
    return createHmac('sha256', this.deps.appSecret).update(`${otpId}:${code}`).digest('hex');
  }

  async requestOtp(collection: Collection, body: Record<string, unknown>): Promise<{ otpId: string }> {
    const otp = collection.auth?.otp;
    if (!otp?.enabled) throw new ApiError(403, 'The collection is not configured to allow OTP authentication.');
    const email = requireEmail(body.email);
    const row = this.findByEmail(collection, email);
    const id = newRecordId();
    // Unknown emails get a well-formed id that matches nothing (no account enumeration). For a
    // known one, the code is stored and mailed after the reply, so both answers cost the same.
    if (!row) return { otpId: id };
    const otps = this.deps.engine.collection('_otps');
    const code = randomDigits(otp.length);
    this.background(async () => {
      await this.deps.engine.create(
        otps,
        {
          data: {
            id,
            collectionRef: collection.id,
            recordRef: String(row.id),
            codeHash: this.otpHash(id, code),
            sentTo: String(row.email),
          },
          files: {},
          fromForm: false,
        },
        this.systemRequest('otp'),
      );
      await this.deps.mail.otp(String(row.email), code, Math.max(1, Math.round(otp.duration / 60)), row);
    }, 'one-time code');
    return { otpId: id };
  }

  /**
   * Sign-up (a records create on an auth collection). An address that already has an account
   * gets the same answer as a new one, at the same cost: the would-be record is built, hashed
   * and validated exactly like a real one (with a stand-in address, inside a transaction that
   * is rolled back), and the address owner is told by email instead. Only superusers, who may
   * list accounts anyway, see the `validation_not_unique` error PocketBase would give.
   */
  async signUp(collection: Collection, input: WriteInput, req: RequestInfo, expand: string): Promise<RecordJson> {
    const engine = this.deps.engine;
    const email = typeof input.data.email === 'string' ? input.data.email.trim() : '';
    const existing =
      collection.name !== '_superusers' && !isSuperuser(req) && EMAIL_RE.test(email) ? this.findByEmail(collection, email) : undefined;
    if (!existing) return engine.create(collection, input, req, expand);
    const standIn = `${randomString(20, LOWER_ALNUM)}${email.slice(email.lastIndexOf('@'))}`;
    const op = await engine.prepareCreate(collection, { ...input, data: { ...input.data, email: standIn } }, req);
    const rollback = new Error('sign-up dry run');
    let record: RecordJson | undefined;
    try {
      engine.stmts.transaction(() => {
        const applied = op.apply();
        record = engine.present(collection, applied, expand, req);
        throw rollback;
      });
    } catch (err) {
      if (err !== rollback) throw err;
    } finally {
      await op.discard();
    }
    if (!record) throw rollback;
    if (record.email === standIn) record.email = input.data.email;
    if (this.cooldown('accountExists', collection, String(existing.id))) {
      this.background(() => this.deps.mail.accountExists(String(existing.email), existing), 'account exists');
    }
    return record;
  }

  /**
   * Checks an OTP and returns the record it authenticates (the OTP is consumed).
   *
   * Failures are counted per code request (otpId, also for the well-formed fake ids handed out for
   * unknown addresses, so the 429 does not reveal which addresses exist) and per client, never per
   * account: a stranger guessing codes for someone's address burns only their own otpIds and gets
   * themself blocked, while the owner's new code and their password sign-in keep working.
   */
  async consumeOtp(collection: Collection, body: Record<string, unknown>, client: string): Promise<StoredRow> {
    const otp = collection.auth?.otp;
    if (!otp?.enabled) throw new ApiError(403, 'The collection is not configured to allow OTP authentication.');
    const errors = {
      ...textError(body.otpId, 'otpId'),
      ...textError(body.password, 'password', 71),
    };
    if (Object.keys(errors).length) throw invalid(errors);
    const otpId = String(body.otpId);
    const code = String(body.password);
    const failed = new ApiError(400, 'Invalid or expired OTP.');
    const clientKey = `${collection.id}:${client}`;
    if (this.otpClientFailures.blocked(clientKey)) throw new ApiError(429);
    if (!this.otpCodeAttempts.hit(`${collection.id}:${otpId}`)) {
      throw new ApiError(429, 'Too many attempts, please try again later with a new OTP.');
    }
    const stmts = this.deps.engine.stmts;
    const record = stmts.get('SELECT * FROM "_otps" WHERE "id" = ?', [otpId]);
    const now = this.deps.now().getTime();
    const expiresAt = formatDateTime(new Date(now - otp.duration * 1000));
    const expected = Buffer.from(String(record?.codeHash ?? ''), 'hex');
    const given = Buffer.from(this.otpHash(otpId, code), 'hex');
    const row = record ? stmts.get(`SELECT * FROM "${collection.name}" WHERE "id" = ?`, [String(record.recordRef)]) : undefined;
    if (
      !record ||
      !row ||
      record.collectionRef !== collection.id ||
      String(record.created) < expiresAt ||
      expected.length !== given.length ||
      !timingSafeEqual(expected, given)
    ) {
      this.otpClientFailures.hit(clientKey);
      throw failed;
    }
    stmts.run('DELETE FROM "_otps" WHERE "id" = ?', [otpId]);
    if (row.verified !== 1 && String(record.sentTo).toLowerCase() === String(row.email).toLowerCase()) {
      // The code proves the mailbox, not the password: whoever registered this unverified address
      // may not be its owner (pre-hijacking). As PocketBase does without MFA, the account becomes
      // verified with a new random password; the new tokenKey ends every older session.
      const password = randomString(40);
      await this.deps.engine.update(
        collection,
        String(row.id),
        {
          data: { verified: true, password, passwordConfirm: password },
          files: {},
          fromForm: false,
        },
        this.systemRequest('otp'),
      );
      return stmts.get(`SELECT * FROM "${collection.name}" WHERE "id" = ?`, [String(row.id)]) ?? row;
    }
    return row;
  }
}
