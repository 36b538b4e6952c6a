import { z } from 'zod';
import { dayNumber, MAX_EXCEPTION_DAYS } from '../opening-hours.ts';
import { zSchedule } from './domain.ts';
import { MESSAGES } from './messages.ts';

/**
 * The venue's guest info (issue 22 item 3): opening hours, contact, Wi-Fi and links, all optional.
 * The server's venue hook validates with these (through `zVenueRecord`), the staff app's "Guest
 * info" form with the same rules; messages are the field errors guests of the API read.
 */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGES.hoursTime);
const date = z.string().refine((d) => !Number.isNaN(dayNumber(d)), MESSAGES.hoursDate);

export const zHoursException = z
  .object({
    from: date,
    to: z.union([z.literal(''), date]).optional(),
    closed: z.boolean(),
    windows: z.array(z.object({ start: hhmm, end: hhmm })).max(6, MESSAGES.hoursWindowsMax),
    note: z.string().trim().max(100, MESSAGES.noteTooLong).optional(),
  })
  .refine((e) => e.closed || e.windows.length > 0, { message: MESSAGES.hoursNeedWindows, path: ['windows'] })
  .refine((e) => !e.to || dayNumber(e.to) >= dayNumber(e.from), { message: MESSAGES.hoursRangeBackwards, path: ['to'] })
  .refine((e) => !e.to || dayNumber(e.to) - dayNumber(e.from) < MAX_EXCEPTION_DAYS, {
    message: MESSAGES.hoursRangeTooLong,
    path: ['to'],
  });

export const zOpeningHours = z.object({
  weekly: zSchedule,
  exceptions: z.array(zHoursException).max(100, MESSAGES.hoursTooManyExceptions),
});

/** http(s) only: a `javascript:` or `data:` link must never reach a guest page. */
export function isWebUrl(value: string, httpsOnly = false): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || (!httpsOnly && u.protocol === 'http:')) && Boolean(u.hostname) && !u.username && !u.password;
  } catch {
    return false;
  }
}

const optional = (schema: z.ZodType<string>) => z.union([z.literal(''), schema]);
const webUrl = optional(
  z
    .string()
    .trim()
    .max(500, 'At most 500 characters')
    .refine((v) => isWebUrl(v), MESSAGES.webUrl),
);

/** Digits with the usual separators, an optional leading +: "+43 1 234 56-78", "(030) 1234567". */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()./-]{3,28}[0-9]$/;
export const zPhone = optional(z.string().trim().regex(PHONE_PATTERN, MESSAGES.phoneInvalid));
export const zEmail = optional(z.string().trim().max(254).email(MESSAGES.emailInvalid));

export const MAX_SOCIAL_LINKS = 8;
/** A venue's social links: https only, a few. */
export const zSocialLinkList = z
  .array(
    z
      .string()
      .trim()
      .max(300)
      .refine((v) => isWebUrl(v, true), MESSAGES.httpsUrl),
  )
  .max(MAX_SOCIAL_LINKS, MESSAGES.socialLinksMax);
export const zSocialLinks = z.union([z.null(), zSocialLinkList], 'Must be a list of links');

/** The guest-info fields of a venue record (all optional: '' or null when unset). */
export const venueInfoShape = {
  openingHours: z.union([z.null(), zOpeningHours], 'Must be opening hours: { weekly: [...], exceptions: [...] }'),
  phone: zPhone,
  email: zEmail,
  website: webUrl,
  wifiName: z.string().max(32, MESSAGES.wifiNameTooLong),
  wifiPassword: z.string().max(63, MESSAGES.wifiPasswordTooLong),
  socialLinks: zSocialLinks,
  imprintUrl: webUrl,
  privacyUrl: webUrl,
};
export const zVenueInfo = z.object(venueInfoShape);
export type VenueInfo = z.infer<typeof zVenueInfo>;

/** Social networks guests recognise by name; any other https link shows its host. */
export const SOCIAL_NETWORKS: readonly { name: string; hosts: readonly string[] }[] = [
  { name: 'Instagram', hosts: ['instagram.com'] },
  { name: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  { name: 'TikTok', hosts: ['tiktok.com'] },
  { name: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
  { name: 'X', hosts: ['x.com', 'twitter.com'] },
  { name: 'Threads', hosts: ['threads.net'] },
  { name: 'Tripadvisor', hosts: ['tripadvisor.com'] },
  { name: 'Google', hosts: ['g.page', 'maps.app.goo.gl', 'google.com'] },
];

/** A social link's label: the network's name for known hosts (and their subdomains), else the host. */
export function socialLabel(url: string): string {
  let host = '';
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return url;
  }
  const known = SOCIAL_NETWORKS.find((n) => n.hosts.some((h) => host === h || host.endsWith(`.${h}`)));
  return known?.name ?? host;
}
