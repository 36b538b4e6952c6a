import type { MemberRole } from '../../shared/constants.ts';

/**
 * Building blocks of the tenant rules. Every organization-owned record is reachable only by
 * verified members of its organization; all membership conditions of one rule refer to the same
 * membership row (the engine shares `@collection` joins within an expression).
 */
export const isVerified = '@request.auth.id != "" && @request.auth.verified = true';

/** The caller has a membership (optionally with one of `roles`) in the organization at `orgPath`. */
export function memberOf(orgPath: string, roles?: readonly MemberRole[]): string {
  const base = `@collection.memberships.user ?= @request.auth.id && @collection.memberships.organization ?= ${orgPath}`;
  if (!roles?.length) return base;
  return `${base} && (${roles.map((r) => `@collection.memberships.role ?= "${r}"`).join(' || ')})`;
}

/** The organization at `orgPath` may write (subscription trialing or active). */
export function subscribed(orgPath: string): string {
  const status = orgPath === 'id' ? 'subscriptionStatus' : `${orgPath}.subscriptionStatus`;
  return `(${status} = "active" || ${status} = "trialing")`;
}

/** Read access for a record whose organization is at `orgPath`. */
export function readRule(orgPath: string): string {
  return `${isVerified} && ${memberOf(orgPath)}`;
}

/** Write access: a verified member of a subscribed organization. */
export function writeRule(orgPath: string): string {
  return `${isVerified} && ${memberOf(orgPath)} && ${subscribed(orgPath)}`;
}

/** Update access that also forbids moving the record to another parent. */
export function updateRule(orgPath: string, parentField: string): string {
  return `${writeRule(orgPath)} && (@request.body.${parentField}:isset = false || @request.body.${parentField} = ${parentField})`;
}

/**
 * The five rules of a record owned by the organization at `orgPath`: members read it, members of a
 * subscribed organization write it, and an update may not move it to another `parentField`.
 */
export function tenantRules(orgPath: string, parentField: string, update = updateRule(orgPath, parentField)) {
  return {
    listRule: readRule(orgPath),
    viewRule: readRule(orgPath),
    createRule: writeRule(orgPath),
    updateRule: update,
    deleteRule: writeRule(orgPath),
  };
}
