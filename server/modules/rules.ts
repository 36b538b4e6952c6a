import { TEAM_ROLES, type MemberRole } from '../../shared/constants.ts';

/**
 * Building blocks of the tenant rules. Every organization-owned record is reachable only by
 * verified members of its organization; all membership conditions of one rule refer to the same
 * membership row (the engine shares `@collection` joins within an expression).
 *
 * Floor staff (`staff`) are members too, but the plain read and write rules leave them out: they
 * reach only what `staffOr` grants, and only where a collection says so (the venues of their
 * membership, what those venues show, and the venues' availability).
 */
export const isVerified = '@request.auth.id != "" && @request.auth.verified = true';

/** The caller's membership has one of `roles`. */
function hasRole(roles: readonly MemberRole[]): string {
  return `(${roles.map((r) => `@collection.memberships.role ?= "${r}"`).join(' || ')})`;
}

/**
 * The caller has a membership (optionally with one of `roles`) in the organization at `orgPath`.
 * Without `roles`, any role counts, staff included.
 */
export function memberOf(orgPath: string, roles?: readonly MemberRole[]): string {
  const base = `@collection.memberships.user ?= @request.auth.id && @collection.memberships.organization ?= ${orgPath}`;
  if (!roles?.length) return base;
  return `${base} && ${hasRole(roles)}`;
}

/** The organization at `orgPath` may write (subscription trialing or active). */
export function subscribed(orgPath: string): string {
  const status = orgPath === 'id' ? 'subscriptionStatus' : `${orgPath}.subscriptionStatus`;
  return `(${status} = "active" || ${status} = "trialing")`;
}

/** Read access for a record whose organization is at `orgPath` (the team: everyone but staff). */
export function readRule(orgPath: string): string {
  return `${isVerified} && ${memberOf(orgPath, TEAM_ROLES)}`;
}

/** Write access: a team member (not staff) of a subscribed organization. */
export function writeRule(orgPath: string): string {
  return `${isVerified} && ${memberOf(orgPath, TEAM_ROLES)} && ${subscribed(orgPath)}`;
}

/** Update access that also forbids moving the record to another parent. */
export function updateRule(orgPath: string, parentField: string): string {
  return `${writeRule(orgPath)} && (@request.body.${parentField}:isset = false || @request.body.${parentField} = ${parentField})`;
}

/** The venues assigned to the caller's (staff) membership, as a multi-valued path. */
export const STAFF_VENUES = '@collection.memberships.venues:each';
/** The menus those venues show. */
export const STAFF_MENUS = '@collection.memberships.venues.menus:each';

/**
 * `rule` (a team rule of the organization at `orgPath`) or a verified staff member of that
 * organization for whom `staffCondition` holds (about the same membership row).
 */
export function staffOr(rule: string, orgPath: string, staffCondition: string): string {
  return `((${rule}) || (${isVerified} && ${memberOf(orgPath, ['staff'])} && ${staffCondition}))`;
}

/**
 * The five rules of a record owned by the organization at `orgPath`: members read it, members of a
 * subscribed organization write it, and an update may not move it to another `parentField`.
 * `staffRead`: the condition under which staff read it too (none: staff never do).
 */
export function tenantRules(orgPath: string, parentField: string, update = updateRule(orgPath, parentField), staffRead?: string) {
  const read = staffRead ? staffOr(readRule(orgPath), orgPath, staffRead) : readRule(orgPath);
  return {
    listRule: read,
    viewRule: read,
    createRule: writeRule(orgPath),
    updateRule: update,
    deleteRule: writeRule(orgPath),
  };
}

/**
 * The five rules of a venue's own mark of something on its menus (`venue_items`, `venue_options`:
 * sold out here only). `target` is the marked record's relation field, `sameOrg` the condition that
 * the venue and the target belong to one organization, `staffWrite` what floor staff may write
 * (besides: always at a venue assigned to them, of a subscribed organization). Reads: the team, and staff of that venue. Deletes: the
 * team only (staff mark a thing available again). The venue and the target never change once set.
 */
export function venueMarkRules(target: string, sameOrg: string, staffWrite?: string) {
  const org = 'venue.organization';
  const read = `${staffOr(readRule(org), org, `${STAFF_VENUES} ?= venue`)} && ${sameOrg}`;
  const staff = [`${STAFF_VENUES} ?= venue`, staffWrite, subscribed(org)].filter(Boolean).join(' && ');
  const write = `${staffOr(writeRule(org), org, staff)} && ${sameOrg}`;
  const keepsParents = `(@request.body.venue:isset = false || @request.body.venue = venue) && (@request.body.${target}:isset = false || @request.body.${target} = ${target})`;
  return {
    listRule: read,
    viewRule: read,
    createRule: write,
    updateRule: `${write} && ${keepsParents}`,
    deleteRule: `${writeRule(org)} && ${sameOrg}`,
  };
}
