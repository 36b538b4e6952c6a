import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { expectError } from '../../test/sdk-errors.ts';
import { adminAndUser, rootEnv } from '../../test/sdk-clients.ts';

/** The console edits billing fields as a superuser; members never can (rules and the hook). */
let t: TestApp;
let admin: PocketBase;
let owner: PocketBase;
let org: string;

beforeAll(async () => {
  t = await buildTestApp({ env: rootEnv });
  await t.listen();
  ({ admin, user: owner } = await adminAndUser(t));
  org = String(owner.authStore.record?.currentOrganization);
});
afterAll(async () => {
  await t.close();
});

describe('organization billing fields', () => {
  it('a superuser extends a trial and sets a status', async () => {
    const trialEndsAt = '2031-02-03 04:05:06.000Z';
    const updated = await admin.collection('organizations').update(org, { trialEndsAt, subscriptionStatus: 'trialing' });
    expect(updated).toMatchObject({ trialEndsAt, subscriptionStatus: 'trialing' });
    const again = await admin.collection('organizations').update(org, { subscriptionStatus: 'past_due' });
    expect(again.subscriptionStatus).toBe('past_due');
  });

  it.each([
    ['subscriptionStatus', 'active'],
    ['trialEndsAt', '2040-01-01 00:00:00.000Z'],
    ['cancelAtPeriodEnd', true],
  ])('the owner may not change %s', async (field, value) => {
    const before = await admin.collection('organizations').getOne(org);
    await expectError(owner.collection('organizations').update(org, { [field]: value }), 404);
    expect((await admin.collection('organizations').getOne(org))[field]).toEqual(before[field]);
  });

  it('the owner still edits the rest', async () => {
    expect((await owner.collection('organizations').update(org, { name: 'Renamed' })).name).toBe('Renamed');
  });
});
