import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';

/**
 * Acceptance of issue 17: a fresh instance with no billing setting (the real default) never goes
 * dark. Sign-up, email verification, onboarding and a published menu through HTTP with the
 * official SDK; then 45 days pass on the injected clock and every cron job runs: the guest page
 * still answers 200 and the organization is still active.
 */
const DAY = 86400000;
let now = new Date('2030-05-01T09:00:00.000Z');
let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // BILLING undefined: the environment's default, exactly as `npm start` without any setting.
  t = await buildTestApp({ env: { BILLING: undefined, SMTP_URL: smtp.url }, now: () => now });
  await t.listen();
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function verificationToken(to: string): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(to) && m.text.includes('/verify?token='));
  const m = /\/verify\?token=([\w.%-]+)/.exec(mail.text);
  if (!m?.[1]) throw new Error('no verification link');
  return decodeURIComponent(m[1]);
}

describe('a self-hosted instance with the default configuration', () => {
  it('sign-up → verify → onboarding → published menu at /m/{slug}; 45 days and every cron later it still answers 200', async () => {
    expect(t.ctx.config.billing).toBe('off');
    const config = await t.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(config.json().billing).toBe('off');

    const pb = t.sdk();
    const email = 'chef@example.com';
    const password = 'chef-password-1';
    const user = await pb.collection('users').create({ email, password, passwordConfirm: password, name: 'Chef' });
    const token = await verificationToken(email);
    await pb.collection('users').authWithPassword(email, password);
    await pb.collection('users').confirmVerification(token);
    const auth = await pb.collection('users').authRefresh({ expand: 'currentOrganization' });
    expect(auth.record.verified).toBe(true);
    const org = auth.record.expand?.currentOrganization as { id: string; subscriptionStatus: string };
    // No plan page: the organization is active from its first moment.
    expect(org.subscriptionStatus).toBe('active');

    // Onboarding, as the staff app does it: name the business, the first venue, then onboarded.
    await pb.collection('organizations').update(org.id, { name: 'Chef & Co' });
    const venue = await pb
      .collection('venues')
      .create({ organization: org.id, name: 'Bistro Chef', timezone: 'Europe/Vienna', primaryColor: '#aa3300' });
    await pb.collection('users').update(user.id, { onboardingComplete: true });

    const menu = await pb.collection('menus').create({ organization: org.id, name: 'Lunch', status: 'published', languages: ['en'] });
    const section = await pb.collection('sections').create({ menu: menu.id, name: 'Mains' });
    await pb.collection('items').create({ section: section.id, name: 'Schnitzel', prices: [{ label: '', amount: 1450 }] });
    await pb.collection('venues').update(venue.id, { menus: [menu.id] });

    const guest = async () => t.app.inject({ method: 'GET', url: `/m/${String(venue.slug)}` });
    const first = await guest();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Schnitzel');

    now = new Date(now.getTime() + 45 * DAY);
    const jobs = t.ctx.crons.list().map((j) => j.id);
    expect(jobs).not.toContain('trialExpiry');
    for (const id of jobs) expect(await t.ctx.crons.run(id), id).toBe(true);

    const later = await guest();
    expect(later.statusCode).toBe(200);
    expect(later.body).toContain('Schnitzel');
    expect(t.ctx.stmts.get('SELECT subscriptionStatus FROM organizations WHERE id = ?', [org.id])?.subscriptionStatus).toBe('active');
  });
});
