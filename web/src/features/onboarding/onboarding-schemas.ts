import { z } from 'zod';
import { zVenueForm } from '../../../../shared/schemas/forms.ts';
import { zHexColor, zTimezone } from '../../../../shared/schemas/domain.ts';
import { zOrganizationName } from '../../../../shared/schemas/organizations.ts';

/** Onboarding's form rules (see schemas.ts for the sign-in pages'). */

/** Onboarding: the organization's name plus the first venue (the shared venue form, made strict). */
export const zOnboardingForm = zVenueForm.extend({
  organizationName: zOrganizationName,
  name: zVenueForm.shape.name.max(100, 'validation.venueNameMax100'),
  timezone: z.string().min(1, 'validation.chooseTimeZone').pipe(zTimezone),
  primaryColor: zHexColor,
});

/** Onboarding when the organization already has a venue: only the name is asked. */
export const zOnboardingOrgOnly = z.object({
  organizationName: zOrganizationName,
  name: z.string(),
  timezone: z.string(),
  primaryColor: z.string(),
});
export type OnboardingValues = z.input<typeof zOnboardingForm>;
