import type { CollectionDef } from '../../core/collections.ts';
import { MEMBER_ROLES, SUBSCRIPTION_STATUSES, TEAM_ROLES } from '../../../shared/constants.ts';
import { isVerified, memberOf } from '../rules.ts';

const timestamps = [
  { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
  { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
] as const;

/**
 * Billing fields are written by the billing module (Stripe webhooks and billing routes, with
 * system rights) or a superuser, never by members. The rules refuse them in the body; a hook
 * (organizations/hooks.ts) also refuses any change to them, as hidden fields (the Stripe ids) are
 * not visible to rules in a member's body.
 */
export const BILLING_FIELDS = [
  'subscriptionStatus',
  'plan',
  'billingInterval',
  'trialEndsAt',
  'currentPeriodEnd',
  'cancelAtPeriodEnd',
  'lapsedAt',
  'stripeCustomerId',
  'stripeSubscriptionId',
] as const;
/**
 * When someone of the team first downloaded a QR code or a print kit (the getting-started
 * checklist's last step); set by the print-kit module's routes with system rights, never by members.
 */
export const SYSTEM_FIELDS = [...BILLING_FIELDS, 'qrDownloadedAt'] as const;
const noBillingFields = SYSTEM_FIELDS.map((f) => `@request.body.${f}:isset = false`).join(' && ');

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
    /**
     * When the subscription last moved from subscribed to lapsed (the trial's end, or the moment
     * Stripe reported it past due or canceled); '' while subscribed. Guests keep the menu for the
     * grace period after it (shared/lapse.ts). Set by billing's hook (billing/lapse.ts).
     */
    { name: 'lapsedAt', type: 'date' },
    { name: 'currency', type: 'text', pattern: '^[A-Z]{3}$' },
    { name: 'defaultLanguage', type: 'text', max: 10 },
    /** The first QR code or print kit downloaded (SYSTEM_FIELDS); '' until then. */
    { name: 'qrDownloadedAt', type: 'date' },
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

/** A membership with the owner role is changed or removed by an owner only (the caller's membership). */
const ownerTouchesOwner = '(role != "owner" || @collection.memberships.role ?= "owner")';

export const membershipsCollection: CollectionDef = {
  name: 'memberships',
  fields: [
    { name: 'organization', type: 'relation', collection: 'organizations', required: true, cascadeDelete: true },
    { name: 'user', type: 'relation', collection: 'users', required: true, cascadeDelete: true },
    { name: 'role', type: 'select', values: [...MEMBER_ROLES], required: true },
    /**
     * Staff only: the venues whose service mode they use (empty: none). Venues of the membership's
     * organization; cleared for every other role (organizations/hooks.ts).
     */
    { name: 'venues', type: 'relation', collection: 'venues', maxSelect: 200 },
    ...timestamps,
  ],
  // The team sees who else belongs to its organizations; floor staff see their own membership only.
  listRule: `${isVerified} && (user = @request.auth.id || (${memberOf('organization', TEAM_ROLES)}))`,
  viewRule: `${isVerified} && (user = @request.auth.id || (${memberOf('organization', TEAM_ROLES)}))`,
  // Nobody adds a member directly: a membership is created by the system when someone accepts an
  // invitation or creates an organization (superusers may). Managers invite by email instead, so
  // adding a person needs their consent and never reveals whether an address has an account.
  createRule: null,
  // Owners and admins manage members; only owners appoint owners or change an owner's role.
  updateRule: `${isVerified} && ${memberOf('organization', ['owner', 'admin'])} && @request.body.organization:isset = false && @request.body.user:isset = false && (@request.body.role != "owner" || @collection.memberships.role ?= "owner") && ${ownerTouchesOwner}`,
  // Owners/admins remove members (only owners remove an owner); anyone may leave.
  deleteRule: `${isVerified} && (user = @request.auth.id || (${memberOf('organization', ['owner', 'admin'])} && ${ownerTouchesOwner}))`,
  indexes: [{ columns: ['organization', 'user'], unique: true }, { columns: ['user'] }],
};
