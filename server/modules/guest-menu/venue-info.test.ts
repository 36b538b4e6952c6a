import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOwner, buildTestApp, seed, tokenFor, type TestApp } from '../../test/test-app.ts';
import { contentSecurityPolicy } from '../../http/security.ts';
import { COPY_SCRIPT } from './copy-script.ts';

/**
 * The venue's guest info (issue 22 item 3) through the real app: saved and validated by the
 * records API with the contract's error envelope, shown on the guest page in the header, the
 * footer and JSON-LD, readable without JavaScript.
 */
let t: TestApp;
let owner: { id: string; org: string; token: string };
let venueId = '';
// Tuesday 2026-11-24 19:00 in Vienna (CET, +01:00).
let now = new Date('2026-11-24T19:00+01:00');

const hours = {
  weekly: [
    { day: 2, start: '12:00', end: '14:30' },
    { day: 2, start: '18:00', end: '22:00' },
    { day: 5, start: '18:00', end: '02:00' },
  ],
  exceptions: [{ from: '2026-12-24', to: '2026-12-26', closed: true, windows: [], note: 'Christmas' }],
};

beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
  await t.listen();
  owner = await activeOwner(t.ctx, 'info-house@example.com');
  const menu = await seed(t.ctx, 'menus', {
    organization: owner.org,
    name: 'Food',
    status: 'published',
    languages: ['en', 'de'],
    publishIncomplete: ['de'],
  });
  const section = await seed(t.ctx, 'sections', { menu: menu.id, name: 'Mains' });
  await seed(t.ctx, 'items', { section: section.id, name: 'Schnitzel', prices: [{ label: '', amount: 1800 }] });
  venueId = String(
    (
      await seed(t.ctx, 'venues', {
        organization: owner.org,
        name: 'Gasthaus',
        slug: 'gasthaus',
        timezone: 'Europe/Vienna',
        primaryColor: '#1d4ed8',
        currency: 'EUR',
        address: 'Stephansplatz 1, 1010 Wien',
        menus: [menu.id],
      })
    ).id,
  );
});

afterAll(async () => {
  await t.close();
});

// A fresh token each time: the tests move the clock by hours and days.
const patch = async (data: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/collections/venues/records/${venueId}`,
    headers: { authorization: await tokenFor(t.ctx, 'users', owner.id) },
    payload: data,
  });
const page = async (lang = 'en') => (await t.app.inject({ method: 'GET', url: `/m/gasthaus?lang=${lang}` })).body;
const ld = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, unknown>;

describe('venue guest info: saving and validation', () => {
  it('shows only the map link of the address while the venue has no guest info', async () => {
    const html = await page();
    expect(/<section id="vi">(.*?)<\/section>/.exec(html)?.[1]).toBe(
      `<h2>Contact</h2><ul class="vc"><li><a href="https://www.openstreetmap.org/search?query=${encodeURIComponent('Stephansplatz 1, 1010 Wien')}">Show on map</a></li></ul>`,
    );
    expect(html).not.toContain('class="oh');
    expect(ld(html)).not.toHaveProperty('openingHoursSpecification');
  });

  it('saves every field and returns it from the records API', async () => {
    const res = await patch({
      openingHours: hours,
      phone: '+43 1 234 56-78',
      email: 'hallo@gasthaus.example',
      website: 'https://gasthaus.example/',
      wifiName: 'Gasthaus-Gast',
      wifiPassword: 'schnitzel&"<1>',
      socialLinks: ['https://www.instagram.com/gasthaus', 'https://example.org/blog'],
      imprintUrl: 'https://gasthaus.example/impressum',
      privacyUrl: 'https://gasthaus.example/datenschutz',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body.openingHours).toEqual(hours);
    expect(body.phone).toBe('+43 1 234 56-78');
    expect(body.socialLinks).toEqual(['https://www.instagram.com/gasthaus', 'https://example.org/blog']);
  });

  it.each([
    ['website', 'javascript:alert(1)'],
    ['imprintUrl', 'ftp://gasthaus.example/'],
    ['privacyUrl', 'not a url'],
    ['phone', 'call us maybe'],
    ['email', 'hallo@'],
    ['socialLinks', ['http://instagram.com/insecure']],
    ['socialLinks', 'https://instagram.com/not-a-list'],
    ['wifiName', 'x'.repeat(33)],
    ['openingHours', { weekly: [{ day: 7, start: '10:00', end: '12:00' }], exceptions: [] }],
    ['openingHours', { weekly: [{ day: 1, start: '25:00', end: '12:00' }], exceptions: [] }],
    ['openingHours', { weekly: [], exceptions: [{ from: '2026-02-30', closed: true, windows: [] }] }],
    ['openingHours', { weekly: [], exceptions: [{ from: '2026-03-02', to: '2026-03-01', closed: true, windows: [] }] }],
    ['openingHours', { weekly: [], exceptions: [{ from: '2026-03-02', closed: false, windows: [] }] }],
    ['openingHours', { weekly: [], exceptions: [{ from: '2026-01-01', to: '2027-06-01', closed: true, windows: [] }] }],
    ['openingHours', 'always'],
  ])('refuses %s = %j with a 400 and the field error, and keeps the stored value', async (field, value) => {
    const res = await patch({ [field]: value });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { status: number; message: string; data: Record<string, { code: string; message: string }> };
    expect(body.status).toBe(400);
    expect(body.data[field]?.code).toMatch(/^validation_/);
    expect(body.data[field]?.message).toBeTruthy();
    const stored = (
      await t.app.inject({ method: 'GET', url: `/api/collections/venues/records/${venueId}`, headers: { authorization: owner.token } })
    ).json() as Record<string, unknown>;
    expect(stored.website).toBe('https://gasthaus.example/');
    expect(stored.openingHours).toEqual(hours);
  });
});

describe('venue guest info on the guest page', () => {
  it('shows "Open now · closes" in the header, in the page language', async () => {
    now = new Date('2026-11-24T19:00+01:00');
    expect((await patch({ address: 'Stephansplatz 1, 1010 Wien' })).statusCode).toBe(200);
    const en = await page('en');
    expect(en).toMatch(/<p class="oh on"><a href="#vi">Open now · closes 10:00\sPM<\/a><\/p>/);
    const de = await page('de');
    expect(de).toContain('<p class="oh on"><a href="#vi">Jetzt geöffnet · schließt 22:00</a></p>');
  });

  it('shows "Closed · opens {weekday} {time}" when closed', async () => {
    now = new Date('2026-11-24T23:00+01:00');
    expect((await patch({ phone: '+43 1 234 56-78' })).statusCode).toBe(200);
    expect(await page('de')).toContain('<p class="oh"><a href="#vi">Geschlossen · öffnet Freitag 18:00</a></p>');
  });

  it('renders the footer block readable without JavaScript: hours, exceptions, contact, map, Wi-Fi, social and legal links', async () => {
    now = new Date('2026-12-01T10:00+01:00');
    expect((await patch({ phone: '+43 1 234 56-78' })).statusCode).toBe(200);
    const html = await page('en');
    const block = /<section id="vi">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    expect(block).toContain('<h2>Opening hours</h2>');
    // A window never wraps inside: no-break spaces in the times, a word joiner after the dash.
    expect(block).toContain('<dt>Tuesday</dt><dd>12:00\u00a0PM–\u20602:30\u00a0PM, 6:00\u00a0PM–\u206010:00\u00a0PM</dd>');
    expect(block).toContain('<dt>Wednesday – Thursday</dt><dd>Closed</dd>');
    expect(block).toMatch(/<dt>Dec 24, 2026 – Dec 26, 2026<\/dt><dd>Closed \(Christmas\)<\/dd>/);
    expect(block).toContain('<li>Phone <a href="tel:+4312345678">+43 1 234 56-78</a></li>');
    expect(block).toContain('<a href="mailto:hallo@gasthaus.example">hallo@gasthaus.example</a>');
    expect(block).toContain(`<a href="https://www.openstreetmap.org/search?query=${encodeURIComponent('Stephansplatz 1, 1010 Wien')}"`);
    // The password is escaped, selectable text; the copy button stays hidden until the script shows it.
    expect(block).toContain('<code class="pw">schnitzel&amp;&quot;&lt;1&gt;</code>');
    expect(block).toMatch(
      /<code class="pw">schnitzel&amp;&quot;&lt;1&gt;<\/code> <button class="cp" data-ok="Copied" hidden>Copy<\/button>/,
    );
    expect(block).toContain('<a href="https://www.instagram.com/gasthaus" rel="me">Instagram</a>');
    expect(block).toContain('<a href="https://example.org/blog" rel="me">example.org</a>');
    expect(block).toContain(
      '<a href="https://gasthaus.example/impressum">Imprint</a> · <a href="https://gasthaus.example/datenschutz">Privacy policy</a>',
    );
    expect(html).toContain(`<script>${COPY_SCRIPT}</script>`);
    expect(html).toContain('<h2>Kontakt</h2>'.replace('Kontakt', 'Contact'));
  });

  it('hides exceptions that are over', async () => {
    now = new Date('2027-01-10T10:00+01:00');
    expect((await patch({ phone: '+43 1 234 56-78' })).statusCode).toBe(200);
    const html = await page('en');
    expect(html).not.toContain('Christmas');
    expect(html).not.toContain('Special opening hours');
  });

  it('describes the hours and phone in JSON-LD', async () => {
    const data = ld(await page('en'));
    expect(data['@type']).toBe('Restaurant');
    expect(data.telephone).toBe('+43 1 234 56-78');
    expect(data.sameAs).toEqual(['https://gasthaus.example/', 'https://www.instagram.com/gasthaus', 'https://example.org/blog']);
    expect(data.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Tuesday', opens: '12:00', closes: '14:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Tuesday', opens: '18:00', closes: '22:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Friday', opens: '18:00', closes: '02:00' },
      { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2026-12-24', validThrough: '2026-12-26' },
    ]);
  });

  it('allows the copy script by its hash in the page’s CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/m/gasthaus' });
    const csp = String(res.headers['content-security-policy']);
    const expected = contentSecurityPolicy([COPY_SCRIPT])['script-src']?.find((s) => s.startsWith("'sha256-"));
    expect(expected).toBeTruthy();
    expect(csp).toContain(String(expected));
  });

  it('shows no copy button or script without a password, and the Wi-Fi name alone', async () => {
    expect((await patch({ wifiPassword: '' })).statusCode).toBe(200);
    const html = await page('en');
    expect(html).toContain('<h2>Wi-Fi</h2><dl><dt>Network</dt><dd>Gasthaus-Gast</dd></dl>');
    expect(html).not.toContain('class="cp"');
    expect(html).not.toContain(COPY_SCRIPT);
  });
});
