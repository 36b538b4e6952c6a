import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type PocketBase from 'pocketbase';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCollections } from '../test/fixtures.ts';
import { pngLogo } from '../test/tenancy-fixtures.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { expectError } from '../test/sdk-errors.ts';
import { adminAndUser, rootEnv } from '../test/sdk-clients.ts';
import { eventually } from '../test/eventually.ts';
import { testOnPostgres } from '../test/test-db.ts';
import { PG_BACKUPS_MESSAGE } from './backups.ts';

/** Backups through the official SDK: create, list, download, upload, delete, restore (the app restarts), schedules. */
let t: TestApp;
let admin: PocketBase;
let user: PocketBase;

async function zipEntries(buf: Buffer): Promise<string[]> {
  const zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true });
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      names.push(e.fileName);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return names;
}

async function makeZip(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

const upload = (pb: PocketBase, data: Buffer, name: string) =>
  pb.backups.upload({ file: new File([new Uint8Array(data)], name, { type: 'application/zip' }) });

beforeAll(async () => {
  t = await buildTestApp({ collections: testCollections, env: rootEnv });
  await t.listen();
  ({ admin, user } = await adminAndUser(t));
});

afterAll(async () => {
  await t.close();
});

// Backups are SQLite files: on PostgreSQL every backup endpoint refuses with the way out (pg_dump).
describe.runIf(testOnPostgres())('backups on PostgreSQL', () => {
  it("refuses to create or restore a backup, naming PostgreSQL's own tools", async () => {
    for (const attempt of [() => admin.backups.create('first.zip'), () => admin.backups.restore('first.zip')]) {
      const err = await attempt().then(
        () => null,
        (e: unknown) => e as { status: number; response: { message: string } },
      );
      expect(err?.status).toBe(400);
      expect(err?.response.message).toBe(PG_BACKUPS_MESSAGE);
    }
  });
});

describe.skipIf(testOnPostgres())('backups', () => {
  it('creates named backups, lists them and validates names', async () => {
    expect(await admin.backups.getFullList()).toEqual([]);
    await admin.backups.create('first.zip');
    const list = await admin.backups.getFullList();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ key: 'first.zip' });
    expect(list[0]?.size).toBeGreaterThan(1000);
    expect(list[0]?.modified).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
    let e = await expectError(admin.backups.create('Bad Name.zip'), 400, 'An error occurred while validating the submitted data.');
    expect(e.response.data).toMatchObject({ name: { code: 'validation_match_invalid' } });
    e = await expectError(admin.backups.create('first.zip'), 400);
    expect(e.response.data).toMatchObject({ name: { code: 'validation_backup_name_exists' } });
    // No name: pb_backup_{app}_{YYYYMMDDhhmmss}.zip
    await admin.backups.create('');
    expect((await admin.backups.getFullList()).map((b) => b.key)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^pb_backup_qr_menu_\d{14}\.zip$/)]),
    );
  });

  it('downloads only with a superuser file token in the query', async () => {
    const token = await admin.files.getToken();
    const url = admin.backups.getDownloadURL(token, 'first.zip');
    expect(url).toBe(`${t.url}/api/backups/first.zip?token=${encodeURIComponent(token)}`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="first.zip"');
    const body = Buffer.from(await res.arrayBuffer());
    expect(await zipEntries(body)).toContain('data.db');
    const denied = async (u: string, headers: Record<string, string> = {}) => {
      const r = await fetch(u, { headers });
      expect(r.status).toBe(403);
      expect((await r.json()).message).toBe('Insufficient permissions to access the resource.');
    };
    await denied(admin.backups.getDownloadURL(await user.files.getToken(), 'first.zip'));
    await denied(`${t.url}/api/backups/first.zip`, { authorization: admin.authStore.token });
    await denied(admin.backups.getDownloadURL(admin.authStore.token, 'first.zip')); // an auth token is not a file token
    expect((await fetch(admin.backups.getDownloadURL(token, 'missing.zip'))).status).toBe(404);
    expect((await fetch(admin.backups.getDownloadURL(token, '..%2Fdata.db'))).status).toBe(404);
  });

  it('accepts uploaded zips and refuses anything else', async () => {
    const res = await fetch(admin.backups.getDownloadURL(await admin.files.getToken(), 'first.zip'));
    const zip = Buffer.from(await res.arrayBuffer());
    await upload(admin, zip, 'Copy Of First.zip');
    expect((await admin.backups.getFullList()).map((b) => b.key)).toContain('copy_of_first.zip');
    let e = await expectError(upload(admin, zip, 'copy_of_first.zip'), 400);
    expect(e.response.data).toMatchObject({ file: { code: 'validation_backup_name_exists' } });
    e = await expectError(upload(admin, Buffer.from('not a zip at all'), 'fake.zip'), 400);
    expect(e.response.data).toMatchObject({ file: { code: 'validation_invalid_mime_type' } });
    expect((await admin.backups.getFullList()).map((b) => b.key)).not.toContain('fake.zip');
    await expectError(user.backups.upload({ file: new File([new Uint8Array(zip)], 'x.zip') }), 403);
  });

  it('deletes backups', async () => {
    await admin.backups.delete('copy_of_first.zip');
    expect((await admin.backups.getFullList()).map((b) => b.key)).not.toContain('copy_of_first.zip');
    const e = await expectError(admin.backups.delete('copy_of_first.zip'), 400);
    expect(e.response.message).toMatch(/^Invalid or already deleted backup file\./);
  });

  it('runs one backup or restore at a time', async () => {
    // A few MB of incompressible uploads make the backup take long enough to overlap.
    const blobDir = path.join(t.config.uploadsDir, 'slow', 'blob');
    fs.mkdirSync(blobDir, { recursive: true });
    fs.writeFileSync(path.join(blobDir, 'big.bin'), randomBytes(12 * 1024 * 1024));
    const health = () => admin.send('/api/health', {}).then((r: { data: { canBackup: boolean } }) => r.data.canBackup);
    const first = admin.backups.create('slow_one.zip');
    expect(await eventually(health, (can) => !can, 10_000)).toBe(false);
    await expectError(
      admin.backups.create('slow_two.zip'),
      400,
      'Try again later - another backup/restore process has already been started.',
    );
    await expectError(
      admin.backups.restore('first.zip'),
      400,
      'Try again later - another backup/restore process has already been started.',
    );
    await first;
    expect(await health()).toBe(true);
    fs.rmSync(path.join(t.config.uploadsDir, 'slow'), { recursive: true, force: true });
    await admin.backups.delete('slow_one.zip');
  });

  it('refuses to restore missing or broken backups, changing nothing', async () => {
    await expectError(admin.backups.restore('missing.zip'), 400, 'Missing or invalid backup file.');
    await upload(admin, await makeZip({ 'readme.txt': Buffer.from('hello') }), 'no_db.zip');
    await expectError(admin.backups.restore('no_db.zip'), 400, 'Missing or invalid backup file.');
    await upload(admin, await makeZip({ 'data.db': randomBytes(8192) }), 'corrupt_db.zip');
    await expectError(admin.backups.restore('corrupt_db.zip'), 400, 'Missing or invalid backup file.');
    // yazl refuses to write `../` names: patch them in afterwards (same length).
    const slip = await makeZip({ 'xx/escape.db': Buffer.from('x'), 'data.db': Buffer.from('x') });
    await upload(admin, Buffer.from(slip.toString('latin1').replaceAll('xx/escape.db', '../escape.db'), 'latin1'), 'zip_slip.zip');
    await expectError(admin.backups.restore('zip_slip.zip'), 400, 'Missing or invalid backup file.');
    expect(fs.existsSync(path.join(t.config.dataDir, 'escape.db'))).toBe(false);
    expect((await admin.send('/api/health', {})).data.canBackup).toBe(true);
    expect(fs.readdirSync(t.config.dataDir).filter((f) => f.startsWith('.restore'))).toEqual([]);
  });

  it('create → delete data → restore brings the data and files back, and the app serves again', async () => {
    const author = (await user.collection('users').authRefresh()).record.id;
    const kept = await user.collection('posts').create({
      title: 'Kept post',
      published: true,
      author,
      cover: new File([new Uint8Array(await pngLogo('#ff0000'))], 'cover.png', { type: 'image/png' }),
    });
    await admin.backups.create('snapshot.zip');
    const entries = await zipEntries(fs.readFileSync(path.join(t.config.dataDir, 'backups', 'snapshot.zip')));
    expect(entries).toContain(`uploads/${kept.collectionId}/${kept.id}/${kept.cover}`);
    await admin.collection('posts').delete(kept.id);
    await expectError(admin.collection('posts').getOne(kept.id), 404);
    const later = await admin.collection('posts').create({ title: 'Created after the backup', author });
    const before = t.ctx;
    await admin.backups.restore('snapshot.zip');
    // The app closes, swaps the files and starts again on the same port.
    expect(
      await eventually(
        () => t.ctx,
        (ctx) => ctx !== before,
        10_000,
      ),
    ).not.toBe(before);
    expect(
      await eventually(
        () =>
          fetch(`${t.url}/api/health`).then(
            (r) => r.ok,
            () => false,
          ),
        Boolean,
        10_000,
      ),
    ).toBe(true);
    const back = await admin.collection('posts').getOne(kept.id);
    expect(back).toMatchObject({ title: 'Kept post', cover: kept.cover });
    const file = await fetch(admin.files.getURL(back, back.cover));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    await expectError(admin.collection('posts').getOne(later.id), 404);
    // Everything else still works: backups list, logs, the previous data set aside was removed.
    expect((await admin.backups.getFullList()).map((b) => b.key)).toContain('snapshot.zip');
    expect((await admin.logs.getList(1, 1)).totalItems).toBeGreaterThan(0);
    expect(
      await eventually(
        () => fs.readdirSync(t.config.dataDir).filter((f) => f.startsWith('.restore')),
        (left) => left.length === 0,
        10_000,
      ),
    ).toEqual([]);
    expect(t.ctx.sqlite!.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('schedules backups from the settings and keeps cronMaxKeep of them', async () => {
    await admin.settings.update({ backups: { cron: '0 3 * * *', cronMaxKeep: 1 } });
    expect(await admin.crons.getFullList()).toEqual(expect.arrayContaining([{ id: '__pbAutoBackup__', expression: '0 3 * * *' }]));
    const autos = async () => (await admin.backups.getFullList()).map((b) => b.key).filter((k) => k.startsWith('@auto_'));
    await admin.crons.run('__pbAutoBackup__');
    const firsts = await eventually(autos, (k) => k.length === 1, 10_000);
    expect(firsts).toHaveLength(1);
    const [firstAuto] = firsts;
    expect(
      await eventually(
        () => admin.send('/api/health', {}).then((r: { data: { canBackup: boolean } }) => r.data.canBackup),
        Boolean,
        10_000,
      ),
    ).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    await admin.crons.run('__pbAutoBackup__');
    const second = await eventually(autos, (k) => k.length === 1 && k[0] !== firstAuto, 10_000);
    expect(second).toHaveLength(1);
    expect(second[0]).not.toBe(firstAuto);
    expect(second[0]).toMatch(/^@auto_pb_backup_qr_menu_\d{14}(_\d+)?\.zip$/);
    // Scheduled backups download like any other.
    const res = await fetch(admin.backups.getDownloadURL(await admin.files.getToken(), second[0] as string));
    expect(res.status).toBe(200);
    await admin.settings.update({ backups: { cron: '' } });
    expect((await admin.crons.getFullList()).map((j) => j.id)).not.toContain('__pbAutoBackup__');
  });
});
