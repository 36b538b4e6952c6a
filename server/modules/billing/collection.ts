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
