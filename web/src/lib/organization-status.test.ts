import { afterEach, describe, expect, it } from 'vitest';
import { pb } from './pb.ts';
import { currentOrganizationLapsed, LAPSED_WRITE_MESSAGE, lapsedRefusal, noteOrganizationStatus } from './organization-status.ts';
import { errorMessage } from './api-errors.ts';
import { describeError } from './action-errors.ts';

function signIn(status: string) {
  pb.authStore.save('token', {
    id: 'user1',
    collectionId: 'users',
    collectionName: 'users',
    expand: { currentOrganization: { id: 'org1', collectionId: 'o', collectionName: 'organizations', subscriptionStatus: status } },
  });
}
const refused = (status: number, data: Record<string, unknown> = {}) =>
  Object.assign(new Error('x'), { status, response: { status, message: "The requested resource wasn't found.", data } });

afterEach(() => {
  pb.authStore.clear();
  noteOrganizationStatus('', '');
});

describe('refused writes while the subscription is lapsed', () => {
  it('say why instead of "not found" or "failed to create"', () => {
    signIn('past_due');
    expect(currentOrganizationLapsed()).toBe(true);
    expect(errorMessage(refused(404))).toBe(LAPSED_WRITE_MESSAGE);
    expect(errorMessage(refused(400))).toBe(LAPSED_WRITE_MESSAGE);
    // A batch reports its failing sub-request.
    const batch = refused(400, { requests: { 0: { response: { status: 404, message: 'nope', data: {} } } } });
    expect(describeError(batch)).toBe(LAPSED_WRITE_MESSAGE);
  });

  it('keep field errors, and every message of a subscribed organization', () => {
    signIn('past_due');
    expect(lapsedRefusal({ status: 400, data: { name: { message: 'Cannot be blank.' } } })).toBeNull();
    expect(lapsedRefusal({ status: 500 })).toBeNull();
    signIn('active');
    expect(errorMessage(refused(404))).toBe("The requested resource wasn't found.");
    expect(lapsedRefusal({ status: 404 })).toBeNull();
  });

  it('follow a live status newer than the signed-in record', () => {
    signIn('active');
    noteOrganizationStatus('org1', 'canceled');
    expect(currentOrganizationLapsed()).toBe(true);
    noteOrganizationStatus('other', 'active');
    expect(currentOrganizationLapsed()).toBe(false);
    noteOrganizationStatus('org1', 'active');
    expect(currentOrganizationLapsed()).toBe(false);
  });
});
