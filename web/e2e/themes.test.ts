import sharp from 'sharp';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOwner } from '../../server/test/test-app.ts';
import { LAYOUTS } from '../../shared/themes.ts';
import { type E2E, hasBrowser, screenPairs, screenshot, signedInPage, startE2E } from './harness.ts';

/**
 * Themes in the staff app and on the guest page (issue 22 item 4): at 390 px in light and dark, the
 * owner picks a layout in the venue's design card, the preview frame (the real guest page with the
 * unsaved values) changes before anything is saved, Save stores it, and guests see it. Then every
 * layout of the guest page at 390 and 1280 px in both schemes, without sideways scrolling at 320 px.
 */
describe.skipIf(!hasBrowser)('themes', () => {
  let e: E2E;
  let pb: PocketBase;
  let auth = { token: '', record: {} as unknown };
  let venueId = '';
  let menuId = '';

  /** A photo-like picture: a diagonal gradient between two colours with a soft highlight. */
  const picture = (width: number, height: number, from: string, to: string) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
          `<radialGradient id="h" cx=".35" cy=".4" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
          `<rect width="100%" height="100%" fill="url(#g)"/><ellipse cx="50%" cy="55%" rx="30%" ry="30%" fill="url(#h)"/></svg>`,
      ),
    )
      .jpeg()
      .toBuffer();
  const file = async (name: string, data: Promise<Buffer>) => new File([new Uint8Array(await data)], name, { type: 'image/jpeg' });

  beforeAll(async () => {
    e = await startE2E();
    try {
      await seedAll();
    } catch (err) {
      console.error('seed failed', JSON.stringify((err as { response?: unknown }).response));
      throw err;
    }
  });
  const seedAll = async () => {
    const owner = await activeOwner(e.app.ctx, 'designer@example.com', 'design-password-1');
    e.app.ctx.stmts.run('UPDATE users SET onboardingComplete = 1 WHERE id = ?', [owner.id]);
    pb = e.app.sdk();
    // With the organization expanded as the app keeps it: the harness's sign-in script also runs in
    // the preview frame (same origin), and the app re-reads the stored record on that write.
    const signed = await pb
      .collection('users')
      .authWithPassword('designer@example.com', 'design-password-1', { expand: 'currentOrganization' });
    auth = { token: signed.token, record: signed.record };
    const menu = await pb.collection('menus').create({ organization: owner.org, name: 'Dinner', status: 'published', languages: ['en'] });
    menuId = menu.id;
    const mains = await pb.collection('sections').create({ menu: menuId, name: 'Mains', position: 0 });
    const drinks = await pb.collection('sections').create({ menu: menuId, name: 'Wine', position: 1 });
    const extras = await pb.collection('option_groups').create({ organization: owner.org, name: 'Extras', maxChoices: 2 });
    await pb.collection('options').create({ group: extras.id, name: 'Parmesan', priceDelta: 150, allergens: ['milk'] });
    const dishes = [
      ['Risotto ai funghi', 'Carnaroli rice, porcini, thyme and aged parmesan', 1650, ['#a16207', '#713f12'], ['milk']],
      ['Tagliatelle al ragù', 'Hand-cut egg pasta, slow-cooked beef and pork ragù', 1450, ['#b91c1c', '#7c2d12'], ['gluten', 'eggs']],
      ['Branzino', 'Whole sea bass from the grill, lemon and capers', 2400, null, ['fish']],
      ['Melanzane alla parmigiana', 'Aubergine baked with tomato, basil and mozzarella', 1300, ['#7e22ce', '#be123c'], ['milk']],
      ['Insalata verde', 'Leaves from the garden with a mustard dressing', 700, null, ['mustard']],
    ] as const;
    for (const [position, [name, description, amount, colours, allergens]] of dishes.entries()) {
      const form = new FormData();
      form.set('section', mains.id);
      form.set('name', name);
      form.set('description', description);
      form.set('position', String(position));
      form.set('prices', JSON.stringify([{ label: '', amount }]));
      for (const a of allergens) form.append('allergens', a);
      if (position === 0) form.append('optionGroups', extras.id);
      if (colours) form.set('image', await file(`${position}.jpg`, picture(900, 600, colours[0], colours[1])));
      await pb.collection('items').create(form);
    }
    for (const [position, name] of ['Chianti Classico 2020', 'Soave Classico', 'Prosecco di Valdobbiadene', 'Barolo 2017'].entries())
      await pb.collection('items').create({
        section: drinks.id,
        name,
        position,
        allergens: ['sulphites'],
        prices: [
          { label: '0.1 l', amount: 550 + position * 100 },
          { label: 'Bottle', amount: 3200 + position * 600 },
        ],
      });
    const venue = new FormData();
    venue.set('organization', owner.org);
    venue.set('name', 'Osteria del Ponte');
    venue.set('slug', 'osteria-del-ponte');
    venue.set('timezone', 'Europe/Rome');
    venue.set('address', 'Via del Ponte 3, Verona');
    venue.set('primaryColor', '#b45309');
    venue.set('fontPairing', 'classic');
    venue.append('menus', menuId);
    venue.set('cover', await file('cover.jpg', picture(1800, 600, '#78350f', '#1e3a8a')));
    venueId = (await pb.collection('venues').create(venue)).id;
  };
  afterAll(async () => {
    await e?.close();
  });

  const storedLayout = () => String(e.app.ctx.stmts.get('SELECT layout FROM menus WHERE id = ?', [menuId])?.layout);

  it.each([
    ['light', 'Photo grid', 'grid', 'lp'],
    ['dark', 'Compact', 'compact', 'lc'],
  ] as const)('previews a layout before saving, then guests see it (390 px, %s)', async (colorScheme, label, layout, cls) => {
    const before = storedLayout();
    const { context, page } = await signedInPage(e, auth, { viewport: { width: 390, height: 844 }, isMobile: true, colorScheme });
    await page.goto(`/venues/${venueId}`);
    const card = page.getByRole('form', { name: 'Design' });
    const frame = card.getByTestId('design-preview');
    await frame.waitFor();
    const preview = page.frameLocator('[data-testid="design-preview"]');
    await preview.locator('section.m').first().waitFor();
    expect(await preview.locator(`section.m.${cls}`).count()).toBe(0);

    await card.getByText(label, { exact: true }).click();
    // The frame shows the unsaved layout; nothing is stored yet.
    await preview.locator(`section.m.${cls}`).waitFor({ timeout: 5000 });
    expect(await frame.getAttribute('src')).toContain(`layout=${layout}`);
    expect(storedLayout()).toBe(before);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await frame.scrollIntoViewIfNeeded();
    await screenshot(page, `themes-staff-${layout}-${colorScheme}-390`);

    await card.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Design saved').first().waitFor();
    expect(storedLayout()).toBe(layout);
    const guest = await context.newPage();
    await guest.goto('/m/osteria-del-ponte');
    expect(await guest.locator(`section.m.${cls}`).count()).toBe(1);
    await context.close();
  });

  it('marks an option sold out live by its place on the page (options carry no id there)', async () => {
    const context = await e.context({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/m/osteria-del-ponte');
    const parmesan = page.locator('p.og [data-o]', { hasText: 'Parmesan' });
    expect(await parmesan.getAttribute('class')).toBeNull();
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('/api/realtime')));
    const option = await pb.collection('options').getFirstListItem(pb.filter('name = {:n}', { n: 'Parmesan' }));
    // The subscription settles after the POST; retry the change until the page hears one.
    await expect
      .poll(
        async () => {
          await pb.collection('options').update(option.id, { available: false });
          return parmesan.getAttribute('class');
        },
        { timeout: 10_000 },
      )
      .toBe('out');
    await parmesan.locator('.so', { hasText: 'Sold out' }).waitFor();
    await pb.collection('options').update(option.id, { available: true });
    await expect.poll(() => parmesan.getAttribute('class')).toBe('');
    expect(await parmesan.locator('.so').count()).toBe(0);
    await context.close();
  });

  it('lays out the design card at 1280 px (light and dark) and 320 px without sideways scrolling', async () => {
    for (const [width, colorScheme] of [
      [1280, 'light'],
      [1280, 'dark'],
      [320, 'light'],
    ] as const) {
      const { context, page } = await signedInPage(e, auth, { viewport: { width, height: 1000 }, colorScheme });
      await page.goto(`/venues/${venueId}`);
      const frame = page.getByRole('form', { name: 'Design' }).getByTestId('design-preview');
      await frame.waitFor();
      await page.frameLocator('[data-testid="design-preview"]').locator('section.m').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${width}`).toBe(true);
      await frame.scrollIntoViewIfNeeded();
      await screenshot(page, `themes-staff-${colorScheme}-${width}`);
      await context.close();
    }
  });

  it('shows every layout readably at 390 and 1280 px in both schemes, without sideways scrolling at 320 px', async () => {
    for (const layout of LAYOUTS) {
      await pb.collection('menus').update(menuId, { layout });
      for (const { scheme: colorScheme, width } of screenPairs([320, 390, 1280])) {
        const context = await e.context({ viewport: { width, height: 900 }, colorScheme });
        const page = await context.newPage();
        await page.goto('/m/osteria-del-ponte');
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${layout} ${width}`).toBe(true);
        // The cover never moves the page: its box is there before the image arrives.
        const cover = await page.locator('img.cv').boundingBox();
        expect(cover?.width).toBe(width);
        if (width === 1280 && (layout === 'cards' || layout === 'grid')) {
          // A dish without a photo beside one with a photo (cards two a row, the grid three): both names start at the same height (a plate stands in).
          const top = async (name: string) => (await page.getByRole('heading', { name, level: 3 }).boundingBox())?.y ?? NaN;
          const [without, beside] = await Promise.all([
            top('Branzino'),
            top(layout === 'cards' ? 'Melanzane alla parmigiana' : 'Risotto ai funghi'),
          ]);
          expect(Math.abs(without - beside), `${layout}: names in a row`).toBeLessThan(4);
        }
        if (width !== 320) await screenshot(page, `themes-guest-${layout}-${colorScheme}-${width}`);
        await context.close();
      }
    }
  });
});
