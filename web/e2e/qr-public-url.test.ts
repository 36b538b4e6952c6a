import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed, superuserRequest } from '../../server/test/test-app.ts';
import { hasBrowser, screenshot, startE2E, type E2E } from './harness.ts';

// jsqr is CommonJS whose types declare an ES default export: unwrap it either way.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as typeof jsQRModule.default;

const PUBLIC = 'https://menu.example.test';
const EMAIL = 'owner@example.com';
const PASSWORD = 'owner-password-1';

/**
 * QR codes and guest links are built on APP_URL, not on the address the staff app happens to be
 * opened through (here the browser uses http://127.0.0.1:<port>, the public URL is another host).
 */
describe.skipIf(!hasBrowser)('QR codes use the public URL', () => {
  let e: E2E;
  let venueId = '';

  beforeAll(async () => {
    e = await startE2E({ APP_URL: PUBLIC });
    const { ctx } = e.app;
    const su = superuserRequest(ctx);
    const user = await seed(ctx, 'users', {
      email: EMAIL,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: 'Olivia Owner',
      verified: true,
    });
    const orgId = String(user.currentOrganization);
    const update = (collection: string, id: string, data: Record<string, unknown>) =>
      ctx.engine.update(ctx.engine.collection(collection), id, { data, files: {}, fromForm: false }, su);
    await update('organizations', orgId, { subscriptionStatus: 'active' });
    await update('users', String(user.id), { onboardingComplete: true });
    venueId = String(
      (await seed(ctx, 'venues', { organization: orgId, name: 'Café Zentral', timezone: 'Europe/Vienna', primaryColor: '#1d4ed8' })).id,
    );
  });
  afterAll(async () => {
    await e?.close();
  });

  it('encodes APP_URL in the QR code and shows no local-address warning', async () => {
    const auth = await e.app.sdk().collection('users').authWithPassword(EMAIL, PASSWORD);
    const context = await e.context({ acceptDownloads: true });
    await context.addInitScript(
      (a) => {
        // Not in a same-origin frame (the design card's preview): its storage event would reset the app's session.
        if (window.top === window) localStorage.setItem('pocketbase_auth', JSON.stringify(a));
        localStorage.setItem('cookie_consent', 'no');
      },
      { token: auth.token, record: auth.record },
    );
    const page = await context.newPage();
    await page.goto(`/venues/${venueId}`);
    expect(new URL(page.url()).origin).toBe(e.url);
    await page.getByRole('button', { name: 'QR code' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'QR code' });
    await dialog.getByTestId('qr-preview').waitFor();
    await dialog.getByText(`${PUBLIC}/m/cafe-zentral?src=qr`, { exact: true }).waitFor();
    expect(await dialog.getByText('a local address guests’ phones cannot reach').count()).toBe(0);
    await screenshot(page, 'qr-dialog-public-url-light-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PNG' }).click()]);
    const png = PNG.sync.read(
      Buffer.from(await (await download.createReadStream()).toArray().then((parts) => Buffer.concat(parts as Buffer[]))),
    );
    const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height);
    expect(code?.data).toBe(`${PUBLIC}/m/cafe-zentral?src=qr`);
  });
});
