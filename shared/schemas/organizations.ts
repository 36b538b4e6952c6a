import { z } from 'zod';
import { MEMBER_ROLES } from '../constants.ts';
import { zEmailAddress } from './users.ts';
import { MESSAGES } from './messages.ts';
import { zCurrency, zLanguage } from './domain.ts';

/**
 * The writable fields of organizations and invitations as forms ask for them (onboarding, the
 * organization settings, inviting a member). The server checks the same limits through the
 * collection (name required, at most 100 characters).
 */

export const ORGANIZATION_NAME_MAX = 100;

export const zOrganizationName = z
  .string()
  .trim()
  .min(1, MESSAGES.organizationNameRequired)
  .max(ORGANIZATION_NAME_MAX, MESSAGES.organizationNameTooLong);

/** The organization settings form: the same currency and language rules the server's hooks apply. */
export const zOrganizationForm = z.object({
  name: zOrganizationName,
  currency: zCurrency,
  defaultLanguage: zLanguage,
});
export type OrganizationForm = z.infer<typeof zOrganizationForm>;

export const zInviteForm = z.object({
  email: zEmailAddress,
  role: z.enum(MEMBER_ROLES),
  /** Staff: the venues they will serve (ids). */
  venues: z.array(z.string()).optional(),
});
export type InviteForm = z.infer<typeof zInviteForm>;
