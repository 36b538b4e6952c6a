import { z } from 'zod';
import { MESSAGES } from '../../../../shared/schemas/messages.ts';

/**
 * Form rules of the account pages. The specification leaves sign-up, login and onboarding rules
 * open, so they mirror the server's limits (password 8–71 characters, names up to 100).
 * Onboarding's rules live in onboarding-schemas.ts, so the sign-in pages do not load the shared
 * venue schemas. Messages are `common:validation.*` keys: FormField translates them.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 71;

export const zEmail = z.string().trim().pipe(z.email(MESSAGES.emailInvalid));
const zNewPassword = z.string().min(PASSWORD_MIN, 'validation.passwordTooShort').max(PASSWORD_MAX, 'validation.passwordTooLong');

export const zLoginForm = z.object({
  email: zEmail,
  // Existing passwords are checked by the server only (old accounts may predate today's rules).
  password: z.string().min(1, 'validation.enterPassword'),
});

export const zSignUpForm = z.object({
  name: z.string().trim().min(1, 'validation.enterName').max(100, 'validation.nameTooLong'),
  email: zEmail,
  password: zNewPassword,
});

export const zEmailForm = z.object({ email: zEmail });

export const zOtpForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'validation.otpCode'),
});

export const zResetPasswordForm = z
  .object({
    password: zNewPassword,
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, { message: 'validation.passwordsDoNotMatch', path: ['passwordConfirm'] });

export const zConfirmEmailChangeForm = z.object({
  password: z.string().min(1, 'validation.enterPassword'),
});
