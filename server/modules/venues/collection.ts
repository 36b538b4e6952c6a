import type { CollectionDef } from '../../core/collections.ts';
import { NUTRITION_DISPLAYS } from '../../../shared/nutrition.ts';
import { STAFF_VENUES, tenantRules, updateRule } from '../rules.ts';
import { PRICE_NOTES } from '../../../shared/price-notes.ts';
import { FONT_PAIRINGS } from '../../../shared/themes.ts';

export const venuesCollection: CollectionDef = {
  name: 'venues',
  fields: [
    { name: 'organization', type: 'relation', collection: 'organizations', required: true, cascadeDelete: true },
    // Presence is checked by the shared form schema, with its message ('Venue name is required').
    { name: 'name', type: 'text', max: 100 },
    { name: 'slug', type: 'text', max: 60, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
    { name: 'timezone', type: 'text', max: 64 },
    { name: 'primaryColor', type: 'text', max: 7 },
    { name: 'address', type: 'text', max: 500 },
    {
      name: 'logo',
      type: 'file',
      maxSize: 2 * 1024 * 1024,
      mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'],
      thumbs: ['128x128', '256x256'],
    },
    /** The guest page's cover image above the venue's name (shared/themes.ts); the thumbs are its `srcset`. */
    {
      name: 'cover',
      type: 'file',
      maxSize: 5 * 1024 * 1024,
      mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
      thumbs: ['480x160', '960x320', '1440x480'],
    },
    /** The guest page's fonts, one of a few system-font pairings (shared/themes.ts); '' = modern. */
    { name: 'fontPairing', type: 'select', values: [...FONT_PAIRINGS] },
    /** The menus shown at this venue, in order. */
    { name: 'menus', type: 'relation', collection: 'menus', maxSelect: 50 },
    /** An uploaded PDF shown to guests as "original menu". */
    { name: 'originalMenu', type: 'relation', collection: 'menu_uploads' },
    /** The venue's table labels (QR codes with `?t=`): guest stats count scans per table only for these. */
    { name: 'tables', type: 'json', maxSize: 8000 },
    /** The venue's name and address in other languages (shared/translations.ts). */
    { name: 'translations', type: 'json', maxSize: 20000 },
    /** What guests see of the items' nutrition: off, kcal only or full; unset = kcal (shared/nutrition.ts). */
    { name: 'nutritionDisplay', type: 'select', values: [...NUTRITION_DISPLAYS] },
    /** Shows "Adults need around 2,000 kcal a day" under the menu (the UK's calorie labelling statement). */
    { name: 'dailyKcalNote', type: 'bool' },
    /** A standard price note under the menu ("Prices include VAT."), translated in every guest language (shared/price-notes.ts); '' = none. */
    { name: 'priceNote', type: 'select', values: [...PRICE_NOTES] },
    /**
     * Guest info (all optional, checked by shared/schemas/venue-info.ts): opening hours
     * (shared/opening-hours.ts: weekly windows and dated exceptions), contact, Wi-Fi, links.
     */
    { name: 'openingHours', type: 'json', maxSize: 20000 },
    { name: 'phone', type: 'text', max: 40 },
    { name: 'email', type: 'text', max: 254 },
    { name: 'website', type: 'text', max: 500 },
    { name: 'wifiName', type: 'text', max: 32 },
    { name: 'wifiPassword', type: 'text', max: 63 },
    { name: 'socialLinks', type: 'json', maxSize: 4000 },
    { name: 'imprintUrl', type: 'text', max: 500 },
    { name: 'privacyUrl', type: 'text', max: 500 },
    /**
     * The websites allowed to show the guest pages in an iframe (CSP `frame-ancestors`), normalized
     * origins (shared/schemas/embeds.ts); null or [] = our own pages only.
     */
    { name: 'embedOrigins', type: 'json', maxSize: 2000 },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  // Floor staff read the venues assigned to them (service mode), and write none.
  ...tenantRules('organization', 'organization', updateRule('organization', 'organization'), `${STAFF_VENUES} ?= id`),
  indexes: [{ columns: ['slug'], unique: true }, { columns: ['organization', 'name'] }],
};
