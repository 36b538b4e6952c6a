/**
 * What the auth flows need from email delivery; implemented in server/mail. `account` is the
 * stored row of the account the email is about: the implementation picks what it needs from it
 * (the language to write in), so the record engine stays unaware of product fields.
 */
type Account = Record<string, unknown>;

export interface AuthMail {
  verification(to: string, token: string, account: Account): Promise<void>;
  passwordReset(to: string, token: string, account: Account): Promise<void>;
  emailChange(to: string, token: string, newEmail: string, account: Account): Promise<void>;
  otp(to: string, code: string, minutes: number, account: Account): Promise<void>;
  /** Someone tried to sign up with an address that already has an account. */
  accountExists(to: string, account: Account): Promise<void>;
}
