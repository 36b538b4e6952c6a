/**
 * Keeps the SMTP password out of anything we throw or log. Errors from the transport end up in
 * the request log, so we rebuild them from safe parts instead of passing the original along.
 */

/** The password of an smtp(s) URL in every spelling it might appear in (raw and percent-decoded). */
export function urlSecrets(smtpUrl: string): string[] {
  let password = '';
  try {
    password = new URL(smtpUrl).password;
  } catch {
    // An unparsable URL is rejected elsewhere; fall back to the raw userinfo below.
    password = /^[a-z]+:\/\/[^:@/]*:([^@/]*)@/i.exec(smtpUrl)?.[1] ?? '';
  }
  if (!password) return [];
  const out = new Set([password]);
  try {
    out.add(decodeURIComponent(password));
  } catch {
    // Malformed escapes: the raw form is all we can match.
  }
  return [...out].filter((s) => s.length > 0);
}

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('***');
  return out;
}

/** The URL as it may appear in logs: no password. */
export function safeUrl(smtpUrl: string): string {
  return redact(smtpUrl, urlSecrets(smtpUrl));
}

/** Error thrown by `Mailer.send`: only the code, SMTP reply code and a redacted message survive. */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
  readonly code: string | undefined;
  readonly responseCode: number | undefined;

  constructor(message: string, code?: string, responseCode?: number) {
    super(message);
    this.code = code;
    this.responseCode = responseCode;
  }
}

export function toDeliveryError(err: unknown, secrets: readonly string[]): MailDeliveryError {
  const source = err as { message?: unknown; code?: unknown; responseCode?: unknown } | null;
  const message = typeof source?.message === 'string' ? source.message : String(err);
  const code = typeof source?.code === 'string' ? source.code : undefined;
  const responseCode = typeof source?.responseCode === 'number' ? source.responseCode : undefined;
  return new MailDeliveryError(`SMTP send failed: ${redact(message, secrets)}`, code, responseCode);
}
