import { z } from 'zod';
import { zVenueForm } from '../../../../shared/schemas/forms.ts';
import { isTimeZone } from '../../../../shared/schemas/domain.ts';
import { zColorField } from '../../../../shared/schemas/venues.ts';
import { MESSAGES } from '../../../../shared/schemas/messages.ts';

/** The specification's venue form (name, timezone, primaryColor) with the record's domain checks. */
export const zVenueCreate = zVenueForm.extend({
  name: zVenueForm.shape.name.max(100, 'validation.keepNameUnder100'),
  timezone: z.string().min(1, { message: 'validation.chooseTimeZone', abort: true }).refine(isTimeZone, MESSAGES.unknownTimeZone),
  primaryColor: zColorField,
});
export type VenueCreateInput = z.input<typeof zVenueCreate>;
export type VenueCreateValues = z.output<typeof zVenueCreate>;

/** The edit screen's details: the venue form plus the address (prices are in the organization's currency). */
export const zVenueDetails = zVenueCreate.extend({
  address: z.string().trim().max(500, 'validation.keepAddressUnder500'),
});
export type VenueDetailsInput = z.input<typeof zVenueDetails>;
export type VenueDetailsValues = z.output<typeof zVenueDetails>;

export const VENUE_DETAIL_FIELDS = ['name', 'timezone', 'primaryColor', 'address'] as const;

/** Default colour of a new venue (the app's teal; contrast 5.5:1 on white, so QR codes scan). */
export const DEFAULT_VENUE_COLOR = '#0f766e';
