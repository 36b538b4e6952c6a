/** Product constants shared by the server and the web app (values from the specification). */

export const DEFAULT_PAGE_SIZE = 30;
export const FULL_LIST_BATCH = 500;

export const TOAST_DURATION_MS = 4000;
export const TOAST_MAX_VISIBLE = 3;

export const CONSENT_VALUES = ['yes', 'no', 'undecided'] as const;
export type Consent = (typeof CONSENT_VALUES)[number];
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_MAX_AGE_DAYS = 365;

export const THEME_VALUES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEME_VALUES)[number];

export const HELP_TITLE_MAX = 100;
export const HELP_DESCRIPTION_MIN = 10;
export const HELP_DESCRIPTION_MAX = 1000;
export const UPLOAD_NAME_MIN = 2;
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const UPLOAD_MAX_PAGES = 50;
/** Scanned pages or photos read by OCR per upload at most (each takes seconds). */
export const UPLOAD_MAX_OCR_PAGES = 12;
/** Photos (JPEG, PNG, WebP) accepted as menu pages, and their largest size in pixels. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_IMAGE_MAX_MEGAPIXELS = 50;
export const SESSION_REPLAY_LOOKBACK_SECONDS = 10;

export const SUBSCRIPTION_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Statuses that open the app (and allow writes). */
export const ACTIVE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing'];

/**
 * `staff`: floor staff of the venues their membership lists (`memberships.venues`): they read
 * what those venues show and set its availability there (`venue_items`, `venue_options`), nothing else.
 */
export const MEMBER_ROLES = ['owner', 'admin', 'editor', 'staff'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
/** The roles that work on the organization's data (menus, venues, settings): everyone but staff. */
export const TEAM_ROLES = ['owner', 'admin', 'editor'] as const satisfies readonly MemberRole[];

export const MENU_STATUSES = ['draft', 'published'] as const;
export const UPLOAD_STATUSES = ['uploaded', 'processing', 'ready', 'failed', 'imported'] as const;
export const HELP_STATUSES = ['open', 'closed'] as const;

/**
 * The 14 allergens of EU Regulation 1169/2011 Annex II, with the letter codes menus commonly print:
 * the identity of each allergen (key, code). Their names in each language are in
 * shared/i18n/allergen-names.ts; `name` here is the English one, for staff screens and PDF tests.
 */
export const ALLERGENS = [
  { code: 'A', key: 'gluten', name: 'Cereals containing gluten' },
  { code: 'B', key: 'crustaceans', name: 'Crustaceans' },
  { code: 'C', key: 'eggs', name: 'Eggs' },
  { code: 'D', key: 'fish', name: 'Fish' },
  { code: 'E', key: 'peanuts', name: 'Peanuts' },
  { code: 'F', key: 'soybeans', name: 'Soybeans' },
  { code: 'G', key: 'milk', name: 'Milk' },
  { code: 'H', key: 'nuts', name: 'Nuts' },
  { code: 'L', key: 'celery', name: 'Celery' },
  { code: 'M', key: 'mustard', name: 'Mustard' },
  { code: 'N', key: 'sesame', name: 'Sesame seeds' },
  { code: 'O', key: 'sulphites', name: 'Sulphur dioxide and sulphites' },
  { code: 'P', key: 'lupin', name: 'Lupin' },
  { code: 'R', key: 'molluscs', name: 'Molluscs' },
] as const;
export const ALLERGEN_KEYS = ALLERGENS.map((a) => a.key);
export type AllergenKey = (typeof ALLERGENS)[number]['key'];

export const DEFAULT_CURRENCY = 'EUR';
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_TAG_COLOR = '#000000';
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A table label in a QR code (`?t=`): letters, digits, spaces, `_` and `-`, up to 20 characters. */
export const TABLE_LABEL_PATTERN = /^[\p{L}\p{N} _-]{1,20}$/u;
/** Table labels a venue can register (only registered labels are counted per table). */
export const MAX_VENUE_TABLES = 200;
