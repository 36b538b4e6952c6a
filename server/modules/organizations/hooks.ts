import { ApiError } from '../../core/errors.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { HookContext } from '../../core/records/hooks.ts';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE } from '../../../shared/constants.ts';
import { isCurrency, zLanguage } from '../../../shared/schemas/domain.ts';
import { MESSAGES } from '../../../shared/schemas/messages.ts';
import { fieldError } from '../../core/errors.ts';
import { uniqueSlug, valuesOf, writeFailed } from '../hook-helpers.ts';
import { isSuperuser } from '../../core/request-info.ts';
import { currentOrganizationOf } from '../users/queries.ts';
import { venueInOrganization } from '../venues/queries.ts';
import { BILLING_FIELDS } from './collections.ts';
import { organizationExists, organizationSlugTaken, ownersLeft, successorMembership } from './queries.ts';

/** A stored value as comparable text: unset, '' and false/0 are all "empty", true is 1. */
const canonical = (v: unknown): string => (v === undefined || v === null || v === false || v === 0 ? '' : v === true ? '1' : String(v));

/**
 * Organization defaults, billing fields only through billing, the creator's owner membership,
 * and "an organization always keeps an owner".
 */
export function registerOrganizationHooks(engine: RecordEngine): void {
  const { hooks, stmts } = engine;
  const slugTaken = (slug: string) => organizationSlugTaken(stmts, slug);

  const normalize = (ctx: HookContext) => {
    const row = ctx.row;
    if (!row.slug) row.slug = uniqueSlug(slugTaken, String(row.name || 'organization'));
    if (!row.currency) row.currency = DEFAULT_CURRENCY;
    if (!row.defaultLanguage) row.defaultLanguage = DEFAULT_LANGUAGE;
    if (!row.subscriptionStatus) row.subscriptionStatus = 'none';
    if (!isCurrency(String(row.currency)))
      throw writeFailed(ctx, { currency: fieldError('validation_invalid_value', MESSAGES.unknownCurrency) });
    if (!zLanguage.safeParse(row.defaultLanguage).success)
      throw writeFailed(ctx, { defaultLanguage: fieldError('validation_invalid_value', MESSAGES.languageCode) });
  };
  // Before normalize, which fills in the default subscription status.
  const billingUnchanged = (ctx: HookContext) => {
    if (isSuperuser(ctx.req)) return;
    const changed = BILLING_FIELDS.filter((f) => canonical(ctx.row[f]) !== (ctx.before ? canonical(ctx.before[f]) : ''));
    if (changed.length === 0) return;
    throw writeFailed(
      ctx,
      Object.fromEntries(changed.map((f) => [f, fieldError('validation_billing_field', 'Billing details change only through billing.')])),
    );
  };
  hooks.before('organizations', 'create', billingUnchanged);
  hooks.before('organizations', 'update', billingUnchanged);
  hooks.before('organizations', 'create', normalize);
  hooks.before('organizations', 'update', normalize);

  hooks.after('organizations', 'create', (ctx) => {
    const auth = ctx.req.auth;
    if (auth?.collection.name !== 'users') return;
    ctx.tx.create('memberships', { organization: ctx.row.id, user: auth.row.id, role: 'owner' });
  });

  // A staff membership's venues belong to its organization; other roles reach every venue, so
  // their list is cleared (a member moved from staff to editor keeps no stale assignment).
  const memberships = engine.collection('memberships');
  const staffVenues = (ctx: HookContext) => {
    if (ctx.row.role !== 'staff') {
      ctx.row.venues = '[]';
      return;
    }
    const venues = valuesOf(memberships, ctx.row).venues as string[];
    const foreign = venues.filter((v) => !venueInOrganization(stmts, v, String(ctx.row.organization)));
    if (foreign.length > 0)
      throw writeFailed(ctx, { venues: fieldError('validation_missing_rel_records', 'Assign venues of this organization only.') });
  };
  hooks.before('memberships', 'create', staffVenues);
  hooks.before('memberships', 'update', staffVenues);

  const noOtherOwner = (ctx: HookContext) => ownersLeft(stmts, String(ctx.row.organization), String(ctx.row.id)) === 0;

  hooks.before('memberships', 'update', (ctx) => {
    if (ctx.before?.role === 'owner' && ctx.row.role !== 'owner' && noOtherOwner(ctx)) {
      throw writeFailed(ctx, { role: fieldError('validation_last_owner', 'An organization needs at least one owner.') });
    }
  });
  // Leaving an organization also stops it being the member's current one.
  hooks.after('memberships', 'delete', (ctx) => {
    if (currentOrganizationOf(stmts, String(ctx.row.user)) === ctx.row.organization)
      ctx.tx.update('users', String(ctx.row.user), { currentOrganization: '' });
  });
  // Only a superuser can remove the last owner (e.g. deleting the account in the console): the
  // team keeps a way to manage itself, as the next admin (or longest-standing member) takes over.
  hooks.after('memberships', 'delete', (ctx) => {
    const organization = String(ctx.row.organization);
    if (ctx.row.role !== 'owner' || !organizationExists(stmts, organization) || ownersLeft(stmts, organization, String(ctx.row.id)) > 0)
      return;
    const successor = successorMembership(stmts, organization, String(ctx.row.user));
    if (successor) ctx.tx.update('memberships', successor, { role: 'owner' });
  });
  hooks.before('memberships', 'delete', (ctx) => {
    // Deleting the whole organization removes its memberships by cascade: that is allowed.
    const orgExists = organizationExists(stmts, String(ctx.row.organization));
    if (orgExists && ctx.row.role === 'owner' && noOtherOwner(ctx) && !isSuperuser(ctx.req)) {
      throw new ApiError(400, 'An organization needs at least one owner. Appoint another owner first.');
    }
  });
}
