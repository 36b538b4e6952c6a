import { describe, expect, it } from 'vitest';
import {
  cheapestPlanWith,
  entitlementsOf,
  featureRefusalOf,
  featureRequiredMessage,
  planColumn,
  PLAN_FEATURE_REQUIRED,
  roleNeedsTeamRoles,
} from './plan-features.ts';

describe('plan features', () => {
  it('reads a column from the map: limits (0 or missing: unlimited) and each entitlement', () => {
    expect(planColumn({ limits: { venues: 1, menus: 3, uploadsPerMonth: 3 }, entitlements: ['analytics'] })).toEqual([
      { kind: 'limit', key: 'venues', count: 1 },
      { kind: 'limit', key: 'menus', count: 3 },
      { kind: 'limit', key: 'uploadsPerMonth', count: 3 },
      { kind: 'entitlement', key: 'schedules', included: false },
      { kind: 'entitlement', key: 'liveSoldOut', included: false },
      { kind: 'entitlement', key: 'analytics', included: true },
      { kind: 'entitlement', key: 'teamRoles', included: false },
    ]);
    expect(planColumn({ limits: { venues: 0 }, entitlements: null }).filter((l) => l.kind === 'limit')).toEqual([
      { kind: 'limit', key: 'venues', count: null },
      { kind: 'limit', key: 'menus', count: null },
      { kind: 'limit', key: 'uploadsPerMonth', count: null },
    ]);
  });

  it('keeps only known entitlements, from JSON text or a list', () => {
    expect(entitlementsOf('["teamRoles","priority",1]')).toEqual(['teamRoles']);
    expect(entitlementsOf(['schedules', 'analytics'])).toEqual(['schedules', 'analytics']);
    expect(entitlementsOf('not json')).toEqual([]);
    expect(entitlementsOf(null)).toEqual([]);
  });

  it('names the first plan of the table with the feature', () => {
    const plans = [
      { code: 'business', name: 'Business', position: 3, entitlements: ['schedules', 'teamRoles'] },
      { code: 'starter', name: 'Starter', position: 1, entitlements: [] },
      { code: 'pro', name: 'Pro', position: 2, entitlements: ['schedules'] },
    ];
    expect(cheapestPlanWith(plans, 'schedules')?.code).toBe('pro');
    expect(cheapestPlanWith(plans, 'teamRoles')?.code).toBe('business');
    expect(cheapestPlanWith(plans, 'analytics')).toBeUndefined();
    expect(featureRequiredMessage('schedules', 'Pro')).toBe('Scheduled menus are part of the Pro plan.');
    expect(featureRequiredMessage('analytics', undefined)).toBe('Guest analytics are not part of your plan.');
  });

  it('finds the refusal in any field of an envelope, and nothing in other errors', () => {
    const field = { code: PLAN_FEATURE_REQUIRED, message: 'm', params: { feature: 'teamRoles', plan: 'business', planName: 'Business' } };
    expect(featureRefusalOf({ role: field })).toEqual({ feature: 'teamRoles', plan: 'business', planName: 'Business', message: 'm' });
    expect(featureRefusalOf({ role: { ...field, params: { feature: 'nope' } } })).toBeNull();
    expect(featureRefusalOf({ name: { code: 'validation_required', message: 'x' } })).toBeNull();
    expect(featureRefusalOf(undefined)).toBeNull();
  });

  it('needs team roles for the editor only', () => {
    expect(['owner', 'admin', 'editor'].filter(roleNeedsTeamRoles)).toEqual(['editor']);
  });
});
