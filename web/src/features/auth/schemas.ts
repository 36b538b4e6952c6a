import { z } from 'zod';
import { MESSAGES } from '../../../../shared/schemas/messages.ts';

/**
 * Form rules of the account pages. The specification leaves sign-up, login and onboarding rules
 * open, so they mirror the server's limits (password 8–71 characters, names up to 100).
 * Onboarding's rules live in onboarding-schemas.ts, so the sign-in pages do not load the shared
 * venue schemas.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 71;

export const zEmail = z.string().trim().pipe(z.email(MESSAGES.emailInvalid));
const zNewPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const zLoginForm = z.object({
  email: zEmail,
  // Existing passwords are checked by the server only (old accounts may predate today's rules).
  password: z.string().min(1, 'Enter your password'),
});

export const zSignUpForm = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Name must be at most 100 characters'),
  email: zEmail,
  password: zNewPassword,
});

export const zEmailForm = z.object({ email: zEmail });

export const zOtpForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
});

export const zResetPasswordForm = z
  .object({
    password: zNewPassword,
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, { message: 'Passwords do not match', path: ['passwordConfirm'] });

export const zConfirmEmailChangeForm = z.object({
  password: z.string().min(1, 'Enter your password'),
});
