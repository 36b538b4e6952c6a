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
    /** { venues, menus, uploadsPerMonth }; a missing or 0 limit means unlimited. */
    { name: 'limits', type: 'json' },
    /**
     * The features the plan includes: keys of shared/plan-features.ts `ENTITLEMENTS`, enforced by
     * the server (modules/entitlements.ts). Limits and entitlements are the whole pricing-table
     * column (the table renders them from that map: no free-text feature list).
     */
    { name: 'entitlements', type: 'json', maxSize: 2000 },
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

/** The billing emails an organization can get (see notices.ts). */
export const BILLING_NOTICE_KINDS = ['trial_3d', 'trial_1d', 'lapsed'] as const;
export type BillingNoticeKind = (typeof BILLING_NOTICE_KINDS)[number];

/**
 * Billing emails already sent: each kind at most once per organization and period (`periodEnd`:
 * the trial's end for trial reminders, `lapsedAt` for lapse notices), so a new or extended trial
 * and a new lapse get their own emails. Only the cron writes them (system rights).
 */
export const billingNoticesCollection: CollectionDef = {
  name: 'billing_notices',
  fields: [
    { name: 'organization', type: 'relation', collection: 'organizations', required: true, cascadeDelete: true },
    { name: 'kind', type: 'select', values: [...BILLING_NOTICE_KINDS], required: true },
    { name: 'periodEnd', type: 'text', required: true, max: 40 },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
  ],
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  indexes: [{ columns: ['organization', 'kind', 'periodEnd'], unique: true }],
};
