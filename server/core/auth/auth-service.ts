import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Collection, CollectionRegistry } from '../collections.ts';
import { ApiError, fieldError, type FieldError } from '../errors.ts';
import { newRecordId, randomDigits } from '../ids.ts';
import type { RecordEngine } from '../records/engine.ts';
import type { StoredRow } from '../records/codec.ts';
import type { RequestInfo } from '../request-info.ts';
import { formatDateTime } from '../datetime.ts';
import type { AuthMail } from './mail-port.ts';
import type { TokenService, TokenType } from './tokens.ts';

const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const RESEND_COOLDOWN_MS = 2 * 60 * 1000;
const OTP_MAX_ATTEMPTS = 5;
const VALIDATION_FAILED = 'An error occurred while validating the submitted data.';

export interface AuthServiceDeps {
  registry: CollectionRegistry;
  engine: RecordEngine;
  tokens: TokenService;
  mail: AuthMail;
  appSecret: string;
  now: () => Date;
  /** Failures of background email sends are logged, never surfaced (no account enumeration). */
  logError: (err: unknown, msg: string) => void;
}

function invalid(errors: Record<string, FieldError>): ApiError {
  return new ApiError(400, VALIDATION_FAILED, errors);
}

function requireEmail(value: unknown, key = 'email'): string {
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) throw invalid({ [key]: fieldError('validation_required', 'Cannot be blank.') });
  if (email.length > 255 || !EMAIL_RE.test(email)) throw invalid({ [key]: fieldError('validation_is_email', 'Must be a valid email address.') });
  return email;
}

function requireText(value: unknown, key: string, max = 255): string {
  const text = typeof value === 'string' ? value : '';
  if (!text) throw invalid({ [key]: fieldError('validation_required', 'Cannot be blank.') });
  if (text.length > max) throw invalid({ [key]: fieldError('validation_length_out_of_range', `The length must be between 1 and ${max}.`) });
  return text;
}

/**
 * The email-based auth flows of the contract: verification, password reset, email change and
 * one-time codes. Writes go through the record engine (as the system) so rules, tokenKey rotation
 * and events behave exactly as for API writes.
 */
export class AuthService {
  private readonly lastSent = new Map<string, number>();
  private readonly otpAttempts = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly deps: AuthServiceDeps) {}

  get engine(): RecordEngine {
    return this.deps.engine;
  }

  /** A request context with superuser rights for internal writes. */
  systemRequest(context: string): RequestInfo {
    return this.deps.engine.systemRequest(context);
  }


  findByEmail(collection: Collection, email: string): StoredRow | undefined {
    return this.deps.engine.stmts.get(`SELECT * FROM "${collection.name}" WHERE "email" = ? COLLATE NOCASE AND "email" != '' LIMIT 1`, [email]);
  }

  private sign(collection: Collection, row: StoredRow, type: TokenType, extra: Record<string, unknown>): Promise<string> {
    const a = collection.auth;
    const duration = type === 'verification' ? a?.verificationTokenDuration : type === 'passwordReset' ? a?.passwordResetTokenDuration : a?.emailChangeTokenDuration;
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

  /** Sends in the background so response time does not reveal whether the account exists. */
  private background(work: () => Promise<void>, what: string): void {
    work().catch((err: unknown) => this.deps.logError(err, `failed to send ${what} email`));
  }

  private verifyToken(collection: Collection, token: unknown, type: TokenType): { row: StoredRow; claims: Record<string, unknown> } {
    const text = typeof token === 'string' ? token : '';
    if (!text) throw invalid({ token: fieldError('validation_required', 'Cannot be blank.') });
    const state = this.deps.tokens.verify(text, [type]);
    if (!state) throw invalid({ token: fieldError('validation_invalid_token', 'Invalid or expired token.') });
    if (state.collection.id !== collection.id) throw invalid({ token: fieldError('validation_token_collection_mismatch', 'The provided token is for different auth collection.') });
    return { row: state.row, claims: state.claims };
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
      await this.deps.mail.verification(String(row.email), token);
    }, 'verification');
  }

  async confirmVerification(collection: Collection, body: Record<string, unknown>): Promise<void> {
    if (collection.name === '_superusers') throw new ApiError(400, 'All superusers are verified by default.');
    const { row, claims } = this.verifyToken(collection, body.token, 'verification');
    if (typeof claims.email !== 'string' || !claims.email) throw invalid({ token: fieldError('validation_invalid_token_claims', 'Missing email token claim.') });
    if (String(row.email).toLowerCase() !== claims.email.toLowerCase()) {
      throw invalid({ token: fieldError('validation_token_email_mismatch', "The record email doesn't match with the requested token claims.") });
    }
    if (row.verified === 1) return;
    await this.deps.engine.update(collection, String(row.id), { data: { verified: true }, files: {}, fromForm: false }, this.systemRequest('default'));
  }

  async requestPasswordReset(collection: Collection, body: Record<string, unknown>): Promise<void> {
    if (!collection.auth?.passwordAuth.enabled) throw new ApiError(400, 'The collection is not configured to allow password authentication.');
    const email = requireEmail(body.email);
    const row = this.findByEmail(collection, email);
    if (!row || !this.cooldown('passwordReset', collection, String(row.id))) return;
    this.background(async () => {
      const token = await this.sign(collection, row, 'passwordReset', { email: row.email });
      await this.deps.mail.passwordReset(String(row.email), token);
    }, 'password reset');
  }

  async confirmPasswordReset(collection: Collection, body: Record<string, unknown>): Promise<void> {
    const { row, claims } = this.verifyToken(collection, body.token, 'passwordReset');
    const password = typeof body.password === 'string' ? body.password : '';
    const errors: Record<string, FieldError> = {};
    if (!password) errors.password = fieldError('validation_required', 'Cannot be blank.');
    else if (password.length > 255) errors.password = fieldError('validation_length_out_of_range', 'The length must be between 1 and 255.');
    if (body.passwordConfirm !== password) errors.passwordConfirm = fieldError('validation_values_mismatch', "Values don't match.");
    if (Object.keys(errors).length) throw invalid(errors);
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
    if (auth.collection.id !== collection.id) throw new ApiError(403, `The request requires auth record from ${auth.collection.name} collection.`);
    if (collection.name === '_superusers') throw new ApiError(400, 'All superusers can change their emails directly.');
    const newEmail = requireEmail(body.newEmail, 'newEmail');
    if (newEmail.toLowerCase() === String(auth.row.email).toLowerCase()) throw invalid({ newEmail: fieldError('validation_not_in_invalid', 'Must not be in list.') });
    if (this.findByEmail(collection, newEmail)) throw invalid({ newEmail: fieldError('validation_invalid_new_email', 'Invalid new email address.') });
    const row = auth.row;
    this.background(async () => {
      const token = await this.sign(collection, row, 'emailChange', { email: row.email, newEmail });
      await this.deps.mail.emailChange(newEmail, token, newEmail);
    }, 'email change');
  }

  async confirmEmailChange(collection: Collection, body: Record<string, unknown>, checkPassword: (hash: string, password: string) => Promise<boolean>): Promise<void> {
    if (collection.name === '_superusers') throw new ApiError(400, 'All superusers can change their emails directly.');
    const { row, claims } = this.verifyToken(collection, body.token, 'emailChange');
    const newEmail = typeof claims.newEmail === 'string' ? claims.newEmail : '';
    if (!newEmail) throw invalid({ token: fieldError('validation_invalid_token_payload', 'Invalid token payload - newEmail must be set.') });
    const other = this.findByEmail(collection, newEmail);
    if (other && other.id !== row.id) throw invalid({ token: fieldError('validation_existing_token_email', 'The new email address is already registered.') });
    const password = requireText(body.password, 'password');
    if (!(await checkPassword(String(row.password ?? ''), password))) {
      throw invalid({ password: fieldError('validation_invalid_password', 'Missing or invalid auth record password.') });
    }
    await this.deps.engine.update(collection, String(row.id), { data: { email: newEmail, verified: true }, files: {}, fromForm: false }, this.systemRequest('default'));
  }

  private otpHash(otpId: string, code: string): string {
    return createHmac('sha256', this.deps.appSecret).update(`${otpId}:${code}`).digest('hex');
  }

  async requestOtp(collection: Collection, body: Record<string, unknown>): Promise<{ otpId: string }> {
    const otp = collection.auth?.otp;
    if (!otp?.enabled) throw new ApiError(403, 'The collection is not configured to allow OTP authentication.');
    const email = requireEmail(body.email);
    const row = this.findByEmail(collection, email);
    // Unknown emails get a well-formed id that matches nothing (no account enumeration).
    if (!row) return { otpId: newRecordId() };
    const otps = this.deps.engine.collection('_otps');
    const id = newRecordId();
    const code = randomDigits(otp.length);
    await this.deps.engine.create(otps, {
      data: { id, collectionRef: collection.id, recordRef: String(row.id), codeHash: this.otpHash(id, code), sentTo: String(row.email) },
      files: {}, fromForm: false,
    }, this.systemRequest('otp'));
    this.background(() => this.deps.mail.otp(String(row.email), code, Math.max(1, Math.round(otp.duration / 60))), 'one-time code');
    return { otpId: id };
  }

  /** Checks an OTP and returns the record it authenticates (the OTP is consumed). */
  async consumeOtp(collection: Collection, body: Record<string, unknown>): Promise<StoredRow> {
    const otp = collection.auth?.otp;
    if (!otp?.enabled) throw new ApiError(403, 'The collection is not configured to allow OTP authentication.');
    const otpId = requireText(body.otpId, 'otpId');
    const code = requireText(body.password, 'password', 71);
    const failed = new ApiError(400, 'Invalid or expired OTP.');
    const stmts = this.deps.engine.stmts;
    const record = stmts.get('SELECT * FROM "_otps" WHERE "id" = ?', [otpId]);
    if (!record || record.collectionRef !== collection.id) throw failed;
    const now = this.deps.now().getTime();
    const key = `${collection.id}:${String(record.recordRef)}`;
    let attempts = this.otpAttempts.get(key);
    if (!attempts || attempts.resetAt <= now) {
      attempts = { count: 0, resetAt: now + otp.duration * 1000 };
      this.otpAttempts.set(key, attempts);
    }
    if (++attempts.count > OTP_MAX_ATTEMPTS) throw new ApiError(429, 'Too many attempts, please try again later with a new OTP.');
    const expiresAt = formatDateTime(new Date(now - otp.duration * 1000));
    if (String(record.created) < expiresAt) throw failed;
    const expected = Buffer.from(String(record.codeHash), 'hex');
    const given = Buffer.from(this.otpHash(otpId, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw failed;
    const row = stmts.get(`SELECT * FROM "${collection.name}" WHERE "id" = ?`, [String(record.recordRef)]);
    if (!row) throw failed;
    stmts.run('DELETE FROM "_otps" WHERE "id" = ?', [otpId]);
    this.otpAttempts.delete(key);
    if (row.verified !== 1 && String(record.sentTo).toLowerCase() === String(row.email).toLowerCase()) {
      await this.deps.engine.update(collection, String(row.id), { data: { verified: true }, files: {}, fromForm: false }, this.systemRequest('otp'));
      return stmts.get(`SELECT * FROM "${collection.name}" WHERE "id" = ?`, [String(row.id)]) ?? row;
    }
    return row;
  }
}
