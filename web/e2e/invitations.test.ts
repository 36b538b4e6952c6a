import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seed } from '../../server/test/test-app.ts';
import { formatDateTime } from '../../server/core/datetime.ts';
import type { SqlParam } from '../../server/db/statements.ts';
import { hasBrowser, screenshot, startE2E, type E2E, adminUpdate, waitForToast, viennaContext, waitOrDescribe } from './harness.ts';

/**
 * Joining a team by email: an owner invites a new address from /settings/organization; the invitee
 * opens the emailed link, signs up with the invited (locked) address, and accepting the mailed link
 * both joins and proves the address: they land in the inviting organization, without onboarding.
 */
const OWNER = 'owner@example.com';
const INVITEE = 'new.cook@example.com';
const PASSWORD = 'team-password-1';

describe.skipIf(!hasBrowser)('invitations', () => {
  let e: E2E;
  let orgId = '';

  const row = (sql: string, params: SqlParam[] = []) => e.app.ctx.stmts.get(sql, params);
  const update = (collection: string, id: string, data: Record<string, unknown>) => adminUpdate(e, collection, id, data);
  const toast = waitForToast;
  const newContext = (options: Parameters<E2E['context']>[0] = {}) => viennaContext(e, options);

  beforeAll(async () => {
    e = await startE2E({ RATE_LIMIT_ENABLED: 'false' });
    const owner = await seed(e.app.ctx, 'users', {
      email: OWNER,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Olivia Owner',
      verified: true,
    });
    orgId = String(row('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(owner.id)])?.o);
    // Business: it includes team roles (the editor role), which these tests hand out.
    const business = String(row("SELECT id FROM plans WHERE code = 'business'")?.id);
    await update('organizations', orgId, {
      name: 'Trattoria Uno',
      subscriptionStatus: 'active',
      plan: business,
      billingInterval: 'month',
      currentPeriodEnd: formatDateTime(new Date(Date.now() + 30 * 86400000)),
    });
    await update('users', String(owner.id), { onboardingComplete: true });
  });
  afterAll(async () => {
    await e?.close();
  });

  async function signIn(page: Page, email: string): Promise<void> {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
  }

  /** Invites an address as the owner (through the API) and returns the emailed link's path. */
  async function invite(email: string, role: 'admin' | 'editor'): Promise<string> {
    const sdk = e.app.sdk();
    await sdk.collection('users').authWithPassword(OWNER, PASSWORD);
    await sdk.send(`/api/organizations/${orgId}/invitations`, { method: 'POST', body: { email, role } });
    const mail = await e.smtp.waitFor((m) => m.to.includes(email));
    return String(/\/sign-up\?invite=[\w-]+/.exec(mail.text)?.[0]);
  }

  it('the invitee signs up from the emailed link and lands in the inviting organization', async () => {
    // The owner invites a new address.
    const ownerPage = await (await newContext()).newPage();
    await signIn(ownerPage, OWNER);
    await ownerPage.goto('/settings/organization');
    await ownerPage.getByLabel('Email', { exact: true }).fill(INVITEE);
    await ownerPage.getByLabel('Role', { exact: true }).selectOption('editor');
    await ownerPage.getByRole('button', { name: 'Send invite' }).click();
    await toast(ownerPage, `Invitation sent to ${INVITEE}`);
    await ownerPage.getByRole('list', { name: 'Open invitations' }).getByText(INVITEE).waitFor();

    // The email links to the app's own sign-up page.
    const mail = await e.smtp.waitFor((m) => m.to.includes(INVITEE) && m.subject.includes('invited'));
    expect(mail.subject).toBe('You’re invited to Trattoria Uno on QR Menu');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/sign-up\?invite=[\w-]+)/.exec(mail.text)?.[1];
    expect(link?.startsWith(`${e.url}/sign-up?invite=`)).toBe(true);

    // A fresh browser (the invitee's): the form names the organization and keeps the invited address.
    const page = await (await newContext()).newPage();
    await page.goto(String(link));
    await page.getByRole('heading', { name: 'Join Trattoria Uno' }).waitFor();
    await page.getByText('as an editor').waitFor();
    const email = page.getByLabel('Email', { exact: true });
    await expect(email.inputValue()).resolves.toBe(INVITEE);
    await expect(email.getAttribute('readonly')).resolves.not.toBeNull();
    await page.getByText('The invitation is for this address.').waitFor();
    await page.getByLabel('Your name').fill('Nico Cook');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await screenshot(page, 'sign-up-invited-light-1280');
    await page.getByRole('button', { name: 'Create account' }).click();

    // Accepting the mailed link proves the address: straight into the inviting organization
    // (no verification step, no subscribe step, no onboarding).
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Trattoria Uno' }).waitFor();
    const invitee = row('SELECT id, currentOrganization, onboardingComplete, verified FROM users WHERE email = ?', [INVITEE]);
    expect(invitee).toMatchObject({ currentOrganization: orgId, onboardingComplete: 1, verified: 1 });
    // Sign-up itself looks the same with or without an invitation, so it set up an organization of
    // their own as usual; accepting removed that still empty one and added the membership.
    expect(e.app.ctx.stmts.all('SELECT organization, role FROM memberships WHERE user = ?', [String(invitee?.id)])).toEqual([
      { organization: orgId, role: 'editor' },
    ]);

    // The owner sees the new member; the invitation is no longer open.
    await ownerPage.reload();
    await ownerPage.getByRole('list', { name: 'Members' }).getByText('Nico Cook').waitFor();
    expect(await ownerPage.getByRole('list', { name: 'Open invitations' }).count()).toBe(0);
  });

  it('screenshots the invited sign-up in dark and at 390 px; a dead link still allows a sign-up of one’s own', async () => {
    const path = await invite('sous.chef@example.com', 'admin');
    for (const [scheme, width] of [
      ['dark', 1280],
      ['light', 390],
      ['dark', 390],
    ] as const) {
      const page = await (await newContext({ colorScheme: scheme, viewport: { width, height: width > 500 ? 900 : 844 } })).newPage();
      await page.goto(String(path));
      await page.getByRole('heading', { name: 'Join Trattoria Uno' }).waitFor();
      await page.getByText('as an admin').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `sign-up-invited-${scheme}-${width}`);
      await page.context().close();
    }

    const page = await (await newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto('/sign-up?invite=not-a-real-token');
    await page.getByText('This invitation link is invalid or has expired.').waitFor();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('readonly')).toBeNull();
    await screenshot(page, 'sign-up-invite-invalid-light-390');
  });

  it('answers an invitation link opened while signed in: sign out for another address, accept for one’s own', async () => {
    // Someone else's invitation: say whose it is, offer to sign out, then show the sign-up form.
    const path = await invite('line.cook@example.com', 'editor');
    const owner = await (await newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(owner, OWNER);
    await owner.goto(path);
    await owner.getByRole('heading', { name: 'Join Trattoria Uno' }).waitFor();
    await owner.getByText(`You’re signed in as ${OWNER}, but this invitation is for line.cook@example.com.`).waitFor();
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(owner, 'sign-up-invited-signed-in-light-390');
    await owner.getByRole('button', { name: 'Sign out and continue' }).click();
    await expect(owner.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe('line.cook@example.com');
    await owner.getByRole('button', { name: 'Create account' }).waitFor();
    expect(await owner.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();

    // One's own invitation (the account took the invited address after the link was sent): one click joins.
    const late = await seed(e.app.ctx, 'users', {
      email: 'late.private@example.com',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Lee Late',
      verified: true,
    });
    const latePath = await invite('late@example.com', 'admin');
    await update('users', String(late.id), { email: 'late@example.com', onboardingComplete: true });
    const page = await (await newContext({ colorScheme: 'dark' })).newPage();
    await signIn(page, 'late@example.com');
    await page.goto(latePath);
    await page.getByRole('heading', { name: 'Join Trattoria Uno' }).waitFor();
    await page.getByText('as an admin').waitFor();
    const accept = page.getByRole('button', { name: 'Accept invitation' });
    await waitOrDescribe(page, accept);
    await screenshot(page, 'sign-up-invited-accept-dark-1280');
    await accept.click();
    await toast(page, 'You joined Trattoria Uno.');
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Trattoria Uno' }).waitFor();
    expect(row('SELECT role FROM memberships WHERE organization = ? AND user = ?', [orgId, String(late.id)])?.role).toBe('admin');

    // The used link, opened again while signed in: no sign-up form, a way back.
    await page.goto(latePath);
    await page.getByText('This invitation link is invalid, has expired or was already used.').waitFor();
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL('**/dashboard');
  });
});
