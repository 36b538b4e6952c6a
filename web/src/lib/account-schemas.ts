import { z } from 'zod';
import { zEmailAddress } from '../../../shared/schemas/users.ts';

/** Forms of the profile and settings screens (rules the server applies too). */

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export const zProfileForm = z.object({
  name: z.string().trim().max(100, 'validation.nameUnder100'),
});
export type ProfileForm = z.infer<typeof zProfileForm>;

export const zEmailChangeForm = z.object({
  newEmail: zEmailAddress,
});
export type EmailChangeForm = z.infer<typeof zEmailChangeForm>;

export const zPasswordChangeForm = z
  .object({
    oldPassword: z.string().min(1, 'validation.enterCurrentPassword'),
    password: z.string().min(8, 'validation.passwordTooShort').max(71, 'validation.passwordUnder72'),
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, { path: ['passwordConfirm'], message: 'validation.passwordsDoNotMatch' });
export type PasswordChangeForm = z.infer<typeof zPasswordChangeForm>;
