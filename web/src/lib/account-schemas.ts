import { z } from 'zod';
import { zEmailAddress } from '../../../shared/schemas/users.ts';

/** Forms of the profile and settings screens (rules the server applies too). */

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export const zProfileForm = z.object({
  name: z.string().trim().max(100, 'Name must be less than 100 characters'),
});
export type ProfileForm = z.infer<typeof zProfileForm>;

export const zEmailChangeForm = z.object({
  newEmail: zEmailAddress,
});
export type EmailChangeForm = z.infer<typeof zEmailChangeForm>;

export const zPasswordChangeForm = z
  .object({
    oldPassword: z.string().min(1, 'Enter your current password'),
    password: z.string().min(8, 'Password must be at least 8 characters').max(71, 'Password must be less than 72 characters'),
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, { path: ['passwordConfirm'], message: 'Passwords do not match' });
export type PasswordChangeForm = z.infer<typeof zPasswordChangeForm>;
