import type { CollectionDef } from '../../core/collections.ts';

/** Subscription plans: readable by anyone (the pricing table), written by superusers. */
export const plansCollection: CollectionDef = {
  name: 'plans',
  fields: [
    { name: 'code', type: 'text', required: true, max: 40, pattern: '^[a-z0-9-]+$' },
    { name: 'name', type: 'text', required: true, max: 60 },
    { name: 'description', type: 'text', max: 500 },
    /** Prices in minor units (cents). */
    { name: 'priceMonthly', type: 'number', min: 0, onlyInt: true },
    { name: 'priceYearly', type: 'number', min: 0, onlyInt: true },
    { name: 'currency', type: 'text', pattern: '^[A-Z]{3}$' },
    { name: 'features', type: 'json' },
    /** { venues, menus, uploadsPerMonth }; a missing or 0 limit means unlimited. */
    { name: 'limits', type: 'json' },
    { name: 'trialDays', type: 'number', min: 0, max: 365, onlyInt: true },
    { name: 'active', type: 'bool' },
    { name: 'position', type: 'number', onlyInt: true },
    { name: 'stripePriceMonthly', type: 'text', hidden: true },
    { name: 'stripePriceYearly', type: 'text', hidden: true },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  listRule: '',
  viewRule: '',
  createRule: null,
  updateRule: null,
  deleteRule: null,
  indexes: [{ columns: ['code'], unique: true }, { columns: ['active', 'position'] }],
};

/**
 * Stripe webhook events already processed (each event id is handled once). Every rule is null:
 * only the webhook (system rights) writes them; superusers may read them for support.
 */
export const billingEventsCollection: CollectionDef = {
  name: 'billing_events',
  fields: [
    { name: 'eventId', type: 'text', required: true, max: 255 },
    { name: 'type', type: 'text', max: 255 },
    /** The id of the event's object (subscription, checkout session, invoice), for support. */
    { name: 'objectId', type: 'text', max: 255 },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
  ],
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  indexes: [{ columns: ['eventId'], unique: true }, { columns: ['created'] }],
};
