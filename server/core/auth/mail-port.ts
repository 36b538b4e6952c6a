/** What the auth flows need from email delivery; implemented in server/mail. */
export interface AuthMail {
  verification(to: string, token: string): Promise<void>;
  passwordReset(to: string, token: string): Promise<void>;
  emailChange(to: string, token: string, newEmail: string): Promise<void>;
  otp(to: string, code: string, minutes: number): Promise<void>;
  /** Someone tried to sign up with an address that already has an account. */
  accountExists(to: string): Promise<void>;
}
