import type { CollectionDef } from '../../core/collections.ts';
import { MEMBER_ROLES, SUBSCRIPTION_STATUSES } from '../../../shared/constants.ts';
import { isVerified, memberOf } from '../rules.ts';

const timestamps = [
  { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
  { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
] as const;

/** Billing fields are written by the billing module (system rights), never by members. */
const noBillingFields = ['subscriptionStatus', 'plan', 'trialEndsAt', 'currentPeriodEnd', 'cancelAtPeriodEnd']
  .map((f) => `@request.body.${f}:isset = false`).join(' && ');

export const organizationsCollection: CollectionDef = {
  name: 'organizations',
  fields: [
    { name: 'name', type: 'text', required: true, max: 100 },
    { name: 'slug', type: 'text', max: 60, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
    { name: 'subscriptionStatus', type: 'select', values: [...SUBSCRIPTION_STATUSES], required: true },
    { name: 'plan', type: 'relation', collection: 'plans' },
    { name: 'billingInterval', type: 'select', values: ['month', 'year'] },
    { name: 'trialEndsAt', type: 'date' },
    { name: 'currentPeriodEnd', type: 'date' },
    { name: 'cancelAtPeriodEnd', type: 'bool' },
    { name: 'currency', type: 'text', pattern: '^[A-Z]{3}$' },
    { name: 'defaultLanguage', type: 'text', max: 10 },
    { name: 'stripeCustomerId', type: 'text', hidden: true },
    { name: 'stripeSubscriptionId', type: 'text', hidden: true },
    ...timestamps,
  ],
  listRule: `${isVerified} && ${memberOf('id')}`,
  viewRule: `${isVerified} && ${memberOf('id')}`,
  createRule: `${isVerified} && ${noBillingFields}`,
  updateRule: `${isVerified} && ${memberOf('id', ['owner', 'admin'])} && ${noBillingFields}`,
  deleteRule: `${isVerified} && ${memberOf('id', ['owner'])}`,
  indexes: [{ columns: ['slug'], unique: true }, { columns: ['subscriptionStatus', 'trialEndsAt'] }],
};

export const membershipsCollection: CollectionDef = {
  name: 'memberships',
  fields: [
    { name: 'organization', type: 'relation', collection: 'organizations', required: true, cascadeDelete: true },
    { name: 'user', type: 'relation', collection: 'users', required: true, cascadeDelete: true },
    { name: 'role', type: 'select', values: [...MEMBER_ROLES], required: true },
    ...timestamps,
  ],
  // Members see who else belongs to their organizations.
  listRule: `${isVerified} && ${memberOf('organization')}`,
  viewRule: `${isVerified} && ${memberOf('organization')}`,
  // Owners and admins manage members; only owners appoint owners.
  createRule: `${isVerified} && ${memberOf('organization', ['owner', 'admin'])} && (role != "owner" || @collection.memberships.role ?= "owner")`,
  updateRule: `${isVerified} && ${memberOf('organization', ['owner', 'admin'])} && @request.body.organization:isset = false && @request.body.user:isset = false && (@request.body.role != "owner" || @collection.memberships.role ?= "owner")`,
  // Owners/admins remove members; anyone may leave.
  deleteRule: `${isVerified} && (user = @request.auth.id || (${memberOf('organization', ['owner', 'admin'])}))`,
  indexes: [{ columns: ['organization', 'user'], unique: true }, { columns: ['user'] }],
};
