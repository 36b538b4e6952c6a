import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import { minimalPdf } from '../../server/test/tenancy-fixtures.ts';
import { formatDateTime } from '../../server/core/datetime.ts';
import { hasBrowser, SAVE_SCREENSHOTS, savePng, startE2E, type E2E } from './harness.ts';

/**
 * No sideways scrolling anywhere on a phone (issue 23, item 3): every route of the staff app
 * (web/src/app/routes.tsx), the guest page and the main dialogs, at 320 and 390 px, light and
 * dark, with LONG names (55+ characters) in every record a screen shows. The check: the document
 * is no wider than the viewport, and every visible focusable control (and every dialog) lies
 * inside the viewport horizontally. One app, one browser, one page per persona reused for every
 * screen (viewport and colour scheme switched in place). Viewport screenshots of the screens the
 * issue named go to test-results/screenshots/overflow-*.png, and of every failing screen too.
 */
const PASSWORD = 'overflow-password-1';
const OWNER = 'owner-with-a-rather-long-address.for-testing@overflow-example.com';
const NEWCOMER = 'newcomer@overflow-example.com';
const TRIALIST = 'trialist@overflow-example.com';

const LONG = {
  org: 'Gasthaus zur Goldenen Sonne am Marktplatz von Oberhausen GmbH',
  person: 'Maximiliane Alexandra von Hohenzollern-Sigmaringen-Weber',
  venue: 'Restaurant Zum Alten Fischerhafen an der Nordseeküste Cuxhaven',
  menus: [
    'Mittagskarte Montag bis Freitag mit wechselnden Tagesgerichten',
    'Abendkarte für Feiertage, Betriebsfeiern und geschlossene Gesellschaften',
  ],
  section: 'Hausgemachte Vorspeisen und Suppen aus regionalen Zutaten der Saison',
  items: [
    'Geschmorte Ochsenbacke in Spätburgunder mit Selleriepüree und Wurzelgemüse',
    'Überbackene Käsespätzle mit Röstzwiebeln, Bergkäse und grünem Blattsalat',
  ],
  tag: 'Empfehlung des Küchenchefs für besondere Anlässe', // tags allow 50
  upload: 'Speisekarte Herbst Winter zweitausendsechsundzwanzig final final v3 korrigiert.pdf',
  invitee: 'a.very.long.invitee.address.for-overflow-checks@catering-example.com',
};

type Persona = 'owner' | 'visitor' | 'newcomer' | 'trialist';

interface Screen {
  /** The route (`:venue`, `:menu`, `:section`, `:upload` stand for the seeded ids) and who opens it. */
  path: string;
  as?: Persona;
  /** Something the loaded page shows (the check waits for it). */
  ready: (page: Page) => Locator;
  /** The dialogs opened from this page: each opens its dialog and returns it. */
  dialogs?: Record<string, (page: Page) => Promise<Locator>>;
  /** Screenshots of this page (and its dialogs) are kept: the screens the issue named. */
  shoot?: boolean;
}

const WIDTHS = [320, 390] as const;
const SCHEMES = ['light', 'dark'] as const;
/**
 * Width × scheme walks. The colour scheme changes no size and no breakpoint lies between 320 and
 * 390 px, so CI (which saves no screenshots) walks two of the four, still covering both widths and
 * both schemes; a person's run walks all four and keeps the screenshots.
 */
const WALKS = WIDTHS.flatMap((width) => SCHEMES.map((scheme) => ({ width, scheme }))).filter(
  ({ width, scheme }) => SAVE_SCREENSHOTS || (width === 320) === (scheme === 'light'),
);

/** What the browser finds wrong: the document's width and every control or dialog outside the viewport. */
function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];
    if (root.scrollWidth > width) problems.push(`document is ${root.scrollWidth}px wide in a ${width}px viewport`);
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[tabindex]:not([tabindex="-1"])',
      '[contenteditable="true"]',
      '[role="dialog"]',
      '[role="alertdialog"]',
    ].join(',');
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      // Visually hidden until focused (the skip link), or not laid out at all.
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.left < -0.5 || r.right > width + 0.5) {
        const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
        problems.push(`<${el.tagName.toLowerCase()}> "${label}" spans ${Math.round(r.left)}…${Math.round(r.right)}px`);
      }
    }
    return problems;
  });
}

describe.skipIf(!hasBrowser)('no sideways scrolling at 320 and 390 px', () => {
  let e: E2E;
  const ids: Record<string, string> = { venue: '', menu: '', section: '', upload: '', slug: '' };
  const pages: Partial<Record<Persona, Page>> = {};

  const screens: Screen[] = [
    { path: '/login', as: 'visitor', ready: (p) => p.getByRole('heading', { level: 1 }) },
    { path: '/sign-up', as: 'visitor', ready: (p) => p.getByRole('heading', { level: 1 }) },
    { path: '/reset-password', as: 'visitor', ready: (p) => p.getByRole('heading', { level: 1 }) },
    { path: '/confirm-email-change', as: 'visitor', ready: (p) => p.getByRole('heading', { level: 1 }) },
    { path: '/no-such-page', as: 'visitor', ready: (p) => p.getByText('Not Found', { exact: true }) },
    { path: '/verify', as: 'newcomer', ready: (p) => p.getByRole('heading', { level: 1 }) },
    { path: '/subscribe/', as: 'newcomer', ready: (p) => p.getByRole('heading', { level: 1, name: 'Choose your plan' }) },
    { path: '/subscribe/success', as: 'newcomer', ready: (p) => p.getByRole('heading', { level: 1 }) },
    { path: '/onboarding', as: 'trialist', ready: (p) => p.getByRole('heading', { level: 1, name: 'Set up your venue' }) },
    {
      path: '/dashboard',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Dashboard' }),
      dialogs: {
        navigation: async (p) => {
          await p.getByRole('button', { name: 'Open navigation' }).click();
          return p.getByRole('dialog', { name: 'Navigation' });
        },
      },
    },
    { path: '/help', ready: (p) => p.getByRole('heading', { level: 1, name: 'Help' }) },
    {
      path: '/service/:venue',
      shoot: true,
      ready: (p) => p.getByRole('switch').first(),
      dialogs: {
        'sold-out-until': async (p) => {
          await p
            .getByRole('button', { name: /^Sold out until… – / })
            .first()
            .click();
          return p.getByRole('dialog');
        },
      },
    },
    {
      path: '/profile/',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Profile' }),
      dialogs: {
        'delete-account': async (p) => {
          await p.getByRole('button', { name: 'Delete account' }).click();
          return p.getByRole('dialog', { name: 'Delete your account?' });
        },
        'sign-out-everywhere': async (p) => {
          await p.getByRole('button', { name: 'Sign out everywhere' }).click();
          return p.getByRole('dialog', { name: 'Sign out everywhere?' });
        },
      },
    },
    {
      path: '/venues/',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Venues' }),
      dialogs: {
        'new-venue': async (p) => {
          await p.getByRole('button', { name: 'New venue' }).first().click();
          return p.getByRole('dialog', { name: 'New venue' });
        },
      },
    },
    {
      path: '/venues/:venue',
      shoot: true,
      ready: (p) => p.getByRole('link', { name: LONG.menus[1] }),
      dialogs: {
        qr: async (p) => {
          await p.getByRole('button', { name: 'QR code' }).first().click();
          const dialog = p.getByRole('dialog', { name: 'QR code' });
          await dialog.getByTestId('qr-preview').waitFor();
          return dialog;
        },
        'print-kit': async (p) => {
          await p.getByRole('button', { name: 'Create print kit' }).click();
          return p.getByRole('dialog', { name: 'Print kit' });
        },
        'delete-venue': async (p) => {
          await p.getByRole('button', { name: 'Delete', exact: true }).click();
          return p.getByRole('dialog', { name: 'Delete this venue?' });
        },
      },
    },
    {
      path: '/tags/',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Tags' }),
      dialogs: {
        'new-tag': async (p) => {
          await p.getByRole('button', { name: 'New tag' }).first().click();
          return p.getByRole('dialog', { name: 'New tag' });
        },
        'edit-tag': async (p) => {
          await p.getByRole('button', { name: `Edit ${LONG.tag}` }).click();
          return p.getByRole('dialog');
        },
        'delete-tag': async (p) => {
          await p.getByRole('button', { name: `Delete ${LONG.tag}` }).click();
          return p.getByRole('dialog').or(p.getByRole('alertdialog'));
        },
      },
    },
    {
      path: '/menus/',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Menus' }),
      dialogs: {
        'new-menu': async (p) => {
          await p.getByRole('button', { name: 'New menu' }).first().click();
          return p.getByRole('dialog', { name: 'New menu' });
        },
        'delete-menu': async (p) => {
          await p.getByRole('button', { name: `Actions for ${LONG.menus[0]}` }).click();
          await p.getByRole('menuitem', { name: 'Delete' }).click();
          return p.getByRole('dialog', { name: `Delete “${LONG.menus[0]}”?` });
        },
      },
    },
    {
      path: '/menus/:menu',
      ready: (p) => p.getByRole('heading', { level: 1, name: LONG.menus[0] }),
      dialogs: {
        'import-csv': async (p) => {
          await p.getByRole('button', { name: 'Import CSV' }).click();
          return p.getByRole('dialog', { name: 'Import a CSV file' });
        },
        'delete-section': async (p) => {
          await p.getByRole('button', { name: `Delete ${LONG.section}` }).click();
          return p.getByRole('dialog', { name: `Delete “${LONG.section}”?` });
        },
      },
    },
    { path: '/menus/:menu/translate', ready: (p) => p.getByRole('heading', { level: 1, name: 'Translations' }) },
    {
      path: '/sections/:section/items',
      shoot: true,
      ready: (p) => p.getByTestId('item-name').first(),
      dialogs: {
        'new-item': async (p) => {
          await p.getByRole('button', { name: 'Add item' }).first().click();
          return p.getByRole('dialog', { name: 'New item' });
        },
        'edit-item': async (p) => {
          await p.getByTestId('item-name').filter({ hasText: LONG.items[0] }).click();
          return p.getByRole('dialog', { name: `Edit ${LONG.items[0]}` });
        },
        'per-venue': async (p) => {
          await p.getByRole('button', { name: `Actions for ${LONG.items[0]}` }).click();
          await p.getByRole('menuitem', { name: 'Per venue' }).click();
          return p.getByRole('dialog', { name: `${LONG.items[0]} per venue` });
        },
      },
    },
    { path: '/menus/upload/', shoot: true, ready: (p) => p.getByText(LONG.upload).first() },
    { path: '/menus/upload/:upload', ready: (p) => p.getByRole('heading', { level: 1 }).first() },
    {
      path: '/settings/organization',
      ready: (p) => p.getByText(LONG.invitee).first(),
      dialogs: {
        'withdraw-invitation': async (p) => {
          await p.getByRole('button', { name: `Withdraw invitation for ${LONG.invitee}` }).click();
          return p.getByRole('dialog').or(p.getByRole('alertdialog'));
        },
      },
    },
    { path: '/settings/billing', ready: (p) => p.getByRole('heading', { level: 1, name: 'Settings' }) },
    { path: '/m/:slug', as: 'visitor', shoot: true, ready: (p) => p.getByRole('heading', { level: 1 }) },
  ];

  beforeAll(async () => {
    e = await startE2E({ RATE_LIMIT_ENABLED: 'false' });
    const { ctx } = e.app;
    const su = superuserRequest(ctx);
    const update = (collection: string, id: string, data: Record<string, unknown>) =>
      ctx.engine.update(ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, su);
    const user = await seed(ctx, 'users', {
      email: OWNER,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: LONG.person,
      verified: true,
    });
    const org = String(user.currentOrganization);
    // Business: team roles, so the organization page lists a pending invitation.
    const business = String(ctx.stmts.get("SELECT id FROM plans WHERE code = 'business'")?.id);
    await update('organizations', org, {
      name: LONG.org,
      subscriptionStatus: 'active',
      plan: business,
      billingInterval: 'month',
      currentPeriodEnd: formatDateTime(new Date(Date.now() + 30 * 86400000)),
    });
    await update('users', String(user.id), { onboardingComplete: true });
    const tag = await seed(ctx, 'tags', { organization: org, name: LONG.tag, color: '#b91c1c' });
    const menuIds: string[] = [];
    for (const name of LONG.menus) {
      menuIds.push(String((await seed(ctx, 'menus', { organization: org, name, status: 'published', languages: ['de', 'en', 'fr'] })).id));
    }
    const section = await seed(ctx, 'sections', { menu: menuIds[0], name: LONG.section, description: LONG.section });
    for (const name of LONG.items) {
      await seed(ctx, 'items', {
        section: section.id,
        name,
        description: `${name}. ${name}.`,
        prices: [
          { label: 'Kleine Portion für den kleinen Hunger am Mittag', amount: 1290 },
          { label: '', amount: 1890 },
        ],
        allergens: [
          'gluten',
          'crustaceans',
          'eggs',
          'fish',
          'peanuts',
          'soybeans',
          'milk',
          'nuts',
          'celery',
          'mustard',
          'sesame',
          'sulphites',
        ],
        mayContain: ['lupin', 'molluscs'],
        tags: [tag.id],
      });
    }
    const venue = await seed(ctx, 'venues', {
      organization: org,
      name: LONG.venue,
      timezone: 'Europe/Berlin',
      primaryColor: '#0f766e',
      menus: menuIds,
      address: 'Am Alten Fischereihafen 123, Hinterhof links, dritter Eingang, 27472 Cuxhaven',
    });
    const upload = await ctx.engine.create(
      ctx.engine.collection('menu_uploads'),
      {
        data: { organization: org, name: LONG.upload, status: 'processing', pages: 1, progress: 0 },
        files: { file: [{ name: 'speisekarte.pdf', data: minimalPdf('Speisekarte') }] },
        fromForm: false,
      },
      su,
    );
    Object.assign(ids, {
      venue: String(venue.id),
      menu: menuIds[0],
      section: String(section.id),
      upload: String(upload.id),
      slug: String(venue.slug),
    });

    const sdk = e.app.sdk();
    await sdk.collection('users').authWithPassword(OWNER, PASSWORD);
    await sdk.send(`/api/organizations/${org}/invitations`, { method: 'POST', body: { email: LONG.invitee, role: 'editor' } });

    await seed(ctx, 'users', { email: NEWCOMER, password: PASSWORD, passwordConfirm: PASSWORD, name: LONG.person, verified: true });
    const trialist = await seed(ctx, 'users', { email: TRIALIST, password: PASSWORD, passwordConfirm: PASSWORD, verified: true });
    await update('organizations', String(trialist.currentOrganization), { subscriptionStatus: 'trialing' });

    const open = async (email: string | null): Promise<Page> => {
      const context: BrowserContext = await e.context({ viewport: { width: 390, height: 844 }, timezoneId: 'Europe/Berlin' });
      const auth = email ? await e.app.sdk().collection('users').authWithPassword(email, PASSWORD) : null;
      await context.addInitScript(
        (stored) => {
          // Not in the design card's same-origin preview frame: its write would reset the app's session (a storage event).
          if (window.top !== window) return;
          localStorage.setItem('cookie_consent', 'no');
          if (stored) localStorage.setItem('pocketbase_auth', stored);
        },
        auth ? JSON.stringify({ token: auth.token, record: auth.record }) : '',
      );
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      page.on('pageerror', (err) => console.error(`[browser] ${err.message}`));
      return page;
    };
    pages.owner = await open(OWNER);
    pages.visitor = await open(null);
    pages.newcomer = await open(NEWCOMER);
    pages.trialist = await open(TRIALIST);
  });
  afterAll(async () => {
    await e?.close();
  });

  /** A page in full, a dialog as the viewport shows it (a modal covers the viewport, not the page). */
  const shot = async (page: Page, name: string) => {
    const fullPage = (await page.getByRole('dialog').count()) === 0;
    await savePng(page, `overflow-${name}`, { fullPage });
  };

  it('keeps the undecided cookie banner below a dialog (the QR dialog at 390 px)', async () => {
    const context = await e.context({ viewport: { width: 390, height: 844 } });
    const auth = await e.app.sdk().collection('users').authWithPassword(OWNER, PASSWORD);
    await context.addInitScript(
      (stored) => {
        if (window.top === window) localStorage.setItem('pocketbase_auth', stored);
      },
      JSON.stringify({ token: auth.token, record: auth.record }),
    );
    const page = await context.newPage();
    await page.goto(`/venues/${ids.venue}`);
    // By CSS, not role: a modal dialog hides the rest of the page from the accessibility tree.
    const banner = page.locator('section[aria-label="Cookie consent"]');
    await banner.waitFor();
    // Without a dialog the banner is on top where it sits…
    /** How many of a grid of points over the banner show the banner on top (none may, under a dialog's backdrop). */
    const pointsOnTop = () =>
      banner.evaluate((el) => {
        // A modal dialog turns pointer events off on the page, which hit testing skips: measure the painting order alone.
        const saved = document.body.style.pointerEvents;
        document.body.style.pointerEvents = 'auto';
        const r = el.getBoundingClientRect();
        let on = 0;
        for (let i = 0; i <= 4; i++)
          for (let j = 0; j <= 4; j++)
            if (el.contains(document.elementFromPoint(r.left + 10 + ((r.width - 20) * i) / 4, r.top + 10 + ((r.height - 20) * j) / 4)))
              on++;
        document.body.style.pointerEvents = saved;
        return on;
      });
    expect(await pointsOnTop()).toBe(25);
    // …and with the QR dialog open, the dialog and its backdrop cover it.
    await page.getByRole('button', { name: 'QR code' }).first().click();
    await page.getByRole('dialog', { name: 'QR code' }).waitFor();
    expect(await banner.isVisible()).toBe(true);
    expect(await pointsOnTop()).toBe(0);
    await shot(page, 'cookie-banner-under-qr-dialog-390-light');
    await context.close();
  });

  it('guest page at 1280 px: the venue header, the section chips and the menu share one centred column', async () => {
    for (const scheme of SCHEMES) {
      const page = pages.visitor as Page;
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/m/${ids.slug}`);
      const left = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => Math.round(el.getBoundingClientRect().left));
      const column = await left('main h2');
      expect(column).toBeGreaterThan(200);
      expect(await left('header h1')).toBe(column);
      expect(await left('.sn a')).toBe(column);
      await shot(page, `guest-1280-${scheme}`);
    }
  });

  for (const { width, scheme } of WALKS) {
    it(`every route and dialog fits ${width} px (${scheme})`, { timeout: 240_000 }, async () => {
      const found: string[] = [];
      const check = async (page: Page, label: string, keep: boolean) => {
        const problems = await overflowProblems(page);
        const name = `${label.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')}-${width}-${scheme}`;
        if (problems.length) {
          found.push(...problems.map((p) => `${label}: ${p}`));
          await shot(page, `FAIL-${name}`);
        } else if (keep) await shot(page, name);
      };
      for (const screen of screens) {
        const page = pages[screen.as ?? 'owner'] as Page;
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme: scheme });
        const route = screen.path.replace(/:(\w+)/g, (_, key: string) => ids[key] ?? '');
        await page.goto(route);
        await screen.ready(page).waitFor({ timeout: 15_000 });
        // Fonts and images settle the layout.
        await page.evaluate(() => document.fonts.ready);
        await check(page, screen.path, screen.shoot ?? false);
        for (const [name, open] of Object.entries(screen.dialogs ?? {})) {
          const label = `${screen.path} ${name} dialog`;
          try {
            const dialog = await open(page);
            await dialog.waitFor();
            await check(page, label, true);
            await page.keyboard.press('Escape');
            await dialog.waitFor({ state: 'detached' });
          } catch (err) {
            // A dialog that does not open is a finding too (a renamed control must not pass silently).
            found.push(`${label}: ${(err as Error).message.split('\n')[0]}`);
            await page.keyboard.press('Escape');
          }
        }
      }
      expect(found).toEqual([]);
    });
  }
});
