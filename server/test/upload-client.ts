import { buildTestApp, seed, tokenFor, type TestApp } from './test-app.ts';

export interface UploadPart {
  bytes: Uint8Array;
  filename: string;
  type: string;
}

/**
 * A test app with a verified member and helpers to upload menus through the real multipart
 * route (`file` and `photos` parts, encoded by the platform's FormData) and wait for the job.
 */
export async function uploadsTestApp(env: Record<string, string> = {}) {
  const t: TestApp = await buildTestApp({ env: { BILLING: 'off', ...env } });
  const user = await seed(t.ctx, 'users', {
    email: 'owner@example.com',
    password: 'member-password',
    passwordConfirm: 'member-password',
    name: 'Owner',
    verified: true,
  });
  const token = await tokenFor(t.ctx, 'users', String(user.id));
  const org = String(t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(user.id)])?.o);
  const upload = async (name: string, parts: { file?: UploadPart; photos?: UploadPart[] }) => {
    const form = new FormData();
    form.append('organization', org);
    form.append('name', name);
    const blob = (p: UploadPart) => new Blob([new Uint8Array(p.bytes)], { type: p.type });
    if (parts.file) form.append('file', blob(parts.file), parts.file.filename);
    for (const p of parts.photos ?? []) form.append('photos', blob(p), p.filename);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    return t.app.inject({
      method: 'POST',
      url: '/api/collections/menu_uploads/records',
      payload,
      headers: { 'content-type': request.headers.get('content-type') ?? '', authorization: token },
    });
  };
  const record = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/collections/menu_uploads/records/${id}`, headers: { authorization: token } })).json();
  /** Polls the record through the API until it leaves uploaded/processing (OCR takes seconds per page). */
  const settled = async (id: string, timeoutMs = 120_000) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const r = await record(id);
      if (!['uploaded', 'processing'].includes(r.status)) return r;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`upload ${id} did not settle`);
  };
  const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
  const count = () => Number(t.ctx.stmts.get('SELECT COUNT(*) AS c FROM menu_uploads')?.c ?? 0);
  return { t, org, token, upload, record, settled, health, count, close: () => t.close() };
}

export const jpegPart = (bytes: Uint8Array, filename = 'page.jpg'): UploadPart => ({ bytes, filename, type: 'image/jpeg' });
