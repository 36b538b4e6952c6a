/**
 * The benchmark's server process: a real app over a temp SQLite file, seeded through the record
 * engine, listening on a random port. Driven by scripts/bench/run.ts over IPC; never run by hand.
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { dietClash } from '../../shared/diets.ts';
import { LAYOUTS } from '../../shared/themes.ts';
import type { AddressInfo } from 'node:net';
import { buildTestApp, seed, superuserRequest, tokenFor, type TestApp } from '../../server/test/test-app.ts';
import { webBundle } from '../../server/test/web-bundle.ts';
import type { PreparedWrite } from '../../server/core/records/write.ts';
import type { AppContext } from '../../server/context.ts';
import { q } from '../../server/db/statements.ts';
import { LOWER_ALNUM, randomString } from '../../shared/ids.ts';
import { BENCH, benchCollections, CATEGORIES } from './bench-collections.ts';
import { registerColdRoutes } from './cold-routes.ts';
import type { HubSnapshot, ReadyInfo, SeedStats, ServerMessage, ServerRequest } from './protocol.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const OWNERS = 100;
const CHUNK = Number(process.env.BENCH_CHUNK ?? 5_000);
/** The login scenario's account (plain [a-z0-9@.-], as login.lua builds the JSON body by hand). */
const LOGIN = { identity: 'bench-login@example.com', password: 'bench-password-123' };

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

function send(message: ServerMessage): void {
  if (!process.send) console.log(JSON.stringify(message));
  else if (process.connected) process.send(message);
}

let testApp: TestApp | null = null;
let closing: Promise<void> | null = null;

/** Closes the app and removes its temp dir (once), then exits. */
function shutdown(code: number): void {
  closing ??= (async () => {
    try {
      await testApp?.close();
    } catch {
      // The parent removes the temp dir as a fallback.
    }
    process.exit(code);
  })();
}

process.on('SIGINT', () => shutdown(130));
process.on('SIGTERM', () => shutdown(143));
// The runner went away (crash, Ctrl-C): do not outlive it.
process.on('disconnect', () => shutdown(0));

/** Inserts `count` rows built by `make`, `chunk` prepared creates per transaction. */
async function bulkInsert(
  ctx: AppContext,
  collectionName: string,
  count: number,
  chunk: number,
  make: (i: number) => Record<string, unknown>,
): Promise<{ ids: string[]; stats: SeedStats }> {
  const collection = ctx.engine.collection(collectionName);
  const req = superuserRequest(ctx);
  const ids: string[] = [];
  let prepareMs = 0;
  let executeMs = 0;
  const start = performance.now();
  for (let done = 0; done < count; done += chunk) {
    const t0 = performance.now();
    const ops: PreparedWrite[] = [];
    for (let i = done; i < Math.min(count, done + chunk); i++) {
      ops.push(await ctx.engine.prepareCreate(collection, { data: make(i), files: {}, fromForm: false }, req));
    }
    const t1 = performance.now();
    const applied = await ctx.engine.execute(ops);
    const t2 = performance.now();
    prepareMs += t1 - t0;
    executeMs += t2 - t1;
    for (const a of applied) ids.push(String(a.row.id));
  }
  const totalMs = performance.now() - start;
  return { ids, stats: { rows: count, chunkSize: chunk, totalMs, prepareMs, executeMs, rowsPerSec: count / (totalMs / 1000) } };
}

let usersMade = 0;

/**
 * `count` more `users` with auth tokens, fast: one user is created through the engine (one
 * argon2 hash), the rest are SQL clones of its row with their own id, email and tokenKey
 * (acceptable for the bench only: no hooks, no per-user organization).
 */
async function makeUsers(ctx: AppContext, count: number): Promise<string[]> {
  const batch = ++usersMade;
  const users = ctx.engine.collection('users');
  const template = await seed(ctx, 'users', {
    email: `bench-rt-${batch}@example.com`,
    password: LOGIN.password,
    passwordConfirm: LOGIN.password,
    verified: true,
    name: 'bench',
  });
  const row = ctx.stmts.get(`SELECT * FROM "users" WHERE "id" = ?`, [String(template.id)]);
  if (!row) throw new Error('template user not stored');
  const columns = Object.keys(row);
  const sql = `INSERT INTO "users" (${columns.map(q).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
  const rows: Array<Record<string, unknown>> = [];
  for (let done = 0; done < count; done += 5_000) {
    ctx.stmts.transaction(() => {
      for (let i = done; i < Math.min(count, done + 5_000); i++) {
        const clone: Record<string, unknown> = {
          ...row,
          id: randomString(15, LOWER_ALNUM),
          email: `bench-rt-${batch}-${i}@example.com`,
          tokenKey: randomString(50),
        };
        ctx.stmts.run(
          sql,
          columns.map((c) => clone[c] as string | number | null),
        );
        rows.push(clone);
      }
    });
  }
  const tokens: string[] = [];
  for (const r of rows) tokens.push(await ctx.tokens.sign(users, r, 'auth', 3600, { refreshable: true }));
  return tokens;
}

async function handleRequest(ctx: AppContext, msg: ServerRequest): Promise<void> {
  try {
    if (msg.op !== 'makeUsers') throw new Error(`unknown request ${String(msg.op)}`);
    const count = Math.max(0, Math.min(Math.floor(msg.count), 50_000));
    send({ type: 'reply', id: msg.id, result: await makeUsers(ctx, count) });
  } catch (err) {
    send({ type: 'reply', id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
}

/** The guest menu's languages: the default one first. */
const GUEST_LANGUAGES = ['en', 'de', 'fr', 'it'];

/**
 * A venue of an active organization showing a published menu of 100 items in 8 sections, as a real
 * menu looks (issue 20): a shared "Extras" group on every third dish and a required side on every
 * fifth, dietary labels, kcal, and a three-course set menu; every text translated.
 */
async function seedGuestVenue(ctx: AppContext, userId: string): Promise<{ path: string; menuId: string }> {
  const su = superuserRequest(ctx);
  // Photos on two dishes of three (a row of cards or grid tiles mixes dishes with and without one),
  // a camera-sized JPEG each, as owners upload them; a cover image and a font pairing on the venue.
  const photo = (background: string) =>
    sharp({ create: { width: 1200, height: 800, channels: 3, background } })
      .jpeg({ quality: 80 })
      .toBuffer();
  const photos = await Promise.all(['#b45309', '#65a30d', '#0e7490'].map(photo));
  const cover = await sharp({ create: { width: 1600, height: 600, channels: 3, background: '#7c2d12' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const org = String(ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [userId])?.o);
  await ctx.engine.update(
    ctx.engine.collection('organizations'),
    org,
    { data: { subscriptionStatus: 'active' }, files: {}, fromForm: false },
    su,
  );
  // Every text translated, so each language's page is complete (and as long as real translations:
  // German and French run longer than English).
  const menu = await seed(ctx, 'menus', {
    organization: org,
    name: 'À la carte',
    status: 'published',
    languages: GUEST_LANGUAGES,
    translations: { de: { name: 'Speisekarte' }, fr: { name: 'À la carte' }, it: { name: 'Alla carta' } },
  });
  const allergens = ['gluten', 'milk', 'eggs', 'celery', 'nuts', 'fish'];
  const words = (en: string, de: string, fr: string, it: string) => ({
    en,
    translations: { de: { name: de }, fr: { name: fr }, it: { name: it } },
  });
  const extras = await seed(ctx, 'option_groups', {
    organization: org,
    name: 'Extras',
    maxChoices: 3,
    translations: words('Extras', 'Extras', 'Suppléments', 'Aggiunte').translations,
  });
  for (const [i, w] of [
    words('Mozzarella', 'Mozzarella', 'Mozzarella', 'Mozzarella'),
    words('Chilli oil', 'Chiliöl', 'Huile pimentée', 'Olio piccante'),
    words('Olives', 'Oliven', 'Olives', 'Olive'),
  ].entries())
    await seed(ctx, 'options', {
      group: extras.id,
      name: w.en,
      translations: w.translations,
      priceDelta: 100 + 50 * i,
      position: i,
      allergens: i === 0 ? ['milk'] : [],
    });
  const side = await seed(ctx, 'option_groups', {
    organization: org,
    name: 'Side',
    minChoices: 1,
    maxChoices: 1,
    translations: words('', 'Beilage', 'Accompagnement', 'Contorno').translations,
  });
  for (const [i, w] of [words('Fries', 'Pommes', 'Frites', 'Patatine'), words('Salad', 'Salat', 'Salade', 'Insalata')].entries())
    await seed(ctx, 'options', { group: side.id, name: w.en, translations: w.translations, position: i });
  const dietsOf = (i: number) => [['vegetarian'], ['vegan', 'spicy-1'], [], ['gluten-free'], ['chefs-pick']][i % 5];
  const dishIds: string[] = [];
  for (let s = 0; s < 8; s++) {
    const section = await seed(ctx, 'sections', {
      menu: menu.id,
      name: `Section ${s + 1}`,
      translations: { de: { name: `Abschnitt ${s + 1}` }, fr: { name: `Rubrique ${s + 1}` }, it: { name: `Sezione ${s + 1}` } },
    });
    const ops: PreparedWrite[] = [];
    for (let i = 0; i < (s < 4 ? 13 : 12); i++) {
      ops.push(
        await ctx.engine.prepareCreate(
          ctx.engine.collection('items'),
          {
            data: {
              section: section.id,
              name: `Dish ${s + 1}.${i + 1} with a longer name`,
              description: 'Seasonal vegetables, fresh herbs and a little olive oil',
              prices:
                i % 4 === 0
                  ? [
                      { label: 'small', amount: 650 + i * 10 },
                      { label: 'large', amount: 990 + i * 10 },
                    ]
                  : [{ label: '', amount: 1190 + i * 10 }],
              allergens: [allergens[i % allergens.length]],
              diets: dietClash(dietsOf(i) ?? [], [allergens[i % allergens.length] ?? '']) ? [] : (dietsOf(i) ?? []),
              optionGroups: [...(i % 3 === 0 ? [extras.id] : []), ...(i % 5 === 0 ? [side.id] : [])],
              ...(i % 2 === 0 ? { nutrition: { kcal: 420 + 10 * i } } : {}),
              available: i % 9 !== 0,
              translations: {
                de: {
                  name: `Gericht ${s + 1}.${i + 1} mit einem längeren Namen`,
                  description: 'Gemüse der Saison, frische Kräuter und etwas Olivenöl',
                  ...(i % 4 === 0 ? { 'prices.0': 'klein', 'prices.1': 'groß' } : {}),
                },
                fr: {
                  name: `Plat ${s + 1}.${i + 1} avec un nom plus long`,
                  description: 'Légumes de saison, herbes fraîches et un filet d’huile d’olive',
                  ...(i % 4 === 0 ? { 'prices.0': 'petit', 'prices.1': 'grand' } : {}),
                },
                it: {
                  name: `Piatto ${s + 1}.${i + 1} con un nome più lungo`,
                  description: 'Verdure di stagione, erbe fresche e un filo d’olio d’oliva',
                  ...(i % 4 === 0 ? { 'prices.0': 'piccolo', 'prices.1': 'grande' } : {}),
                },
              },
            },
            files: i % 3 === 2 ? {} : { image: [{ name: `dish-${s}-${i}.jpg`, data: photos[(s + i) % photos.length] as Buffer }] },
            fromForm: false,
          },
          su,
        ),
      );
    }
    const written = await ctx.engine.execute(ops);
    for (const r of written) if ('row' in r) dishIds.push(String(r.row.id));
  }
  // A set menu in the last section (courses offer dishes of the menu, one is free text).
  const last = String(
    ctx.stmts.get('SELECT id FROM sections WHERE menu = ? ORDER BY position DESC, created DESC LIMIT 1', [String(menu.id)])?.id,
  );
  const set = await seed(ctx, 'items', {
    section: last,
    kind: 'set',
    name: 'Menu of the day',
    translations: words('Menu of the day', 'Tagesmenü', 'Menu du jour', 'Menù del giorno').translations,
    prices: [{ label: '', amount: 1490 }],
  });
  const courses: [ReturnType<typeof words>, string[], ReturnType<typeof words> | null][] = [
    [words('Starter', 'Vorspeise', 'Entrée', 'Antipasto'), dishIds.slice(1, 3), null],
    [words('Main', 'Hauptgang', 'Plat', 'Secondo'), dishIds.slice(14, 16), null],
    [
      words('Drink', 'Getränk', 'Boisson', 'Bevanda'),
      [],
      words('Water or a glass of wine', 'Wasser oder ein Glas Wein', 'Eau ou un verre de vin', 'Acqua o un bicchiere di vino'),
    ],
  ];
  for (const [i, [name, choices, text]] of courses.entries()) {
    const translations = Object.fromEntries(
      Object.entries(name.translations).map(([lang, t]) => [
        lang,
        { ...t, ...(text ? { description: text.translations[lang as 'de']?.name } : {}) },
      ]),
    );
    await seed(ctx, 'set_courses', { item: set.id, name: name.en, description: text?.en ?? '', choices, position: i, translations });
  }
  const venue = await seed(ctx, 'venues', {
    organization: org,
    name: 'Bench Trattoria',
    timezone: 'Europe/Vienna',
    primaryColor: '#b45309',
    fontPairing: 'classic',
    menus: [menu.id],
  });
  await ctx.engine.update(
    ctx.engine.collection('venues'),
    String(venue.id),
    { data: {}, files: { cover: [{ name: 'cover.jpg', data: cover }] }, fromForm: false },
    su,
  );
  return { path: '/m/bench-trattoria', menuId: String(menu.id) };
}

async function main(): Promise<void> {
  // The staff app's pages (Lighthouse) need the built web app: the tests' shared bundle, built once per source state.
  const web = process.env.BENCH_WEB ? { WEB_DIST: await webBundle() } : {};
  // The bus bench (BENCH_ONLY=bus): a data dir and a realtime bus shared with a peer instance.
  const shared = process.env.BENCH_DATA_DIR
    ? {
        DATA_DIR: process.env.BENCH_DATA_DIR,
        UPLOADS_DIR: `${process.env.BENCH_DATA_DIR}/../uploads`,
        REALTIME_BUS_URL: process.env.REALTIME_BUS_URL,
      }
    : {};
  testApp = await buildTestApp({
    collections: benchCollections,
    env: { LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', ...web, ...shared },
  });
  const { app, ctx } = testApp;

  const owners = await bulkInsert(ctx, BENCH.owners, OWNERS, OWNERS, (i) => ({ name: `owner ${i}` }));
  send({ type: 'progress', text: `seeding ${ITEMS} items in transactions of ${CHUNK}…` });
  const items = await bulkInsert(ctx, BENCH.items, ITEMS, CHUNK, (i) => ({
    name: `item ${i}`,
    category: CATEGORIES[i % CATEGORIES.length],
    // Deterministic spread over 0…999.99, uncorrelated with the category.
    price: ((i * 7919) % 100_000) / 100,
    available: i % 3 !== 0,
    owner: owners.ids[i % owners.ids.length],
  }));

  const member = await seed(ctx, BENCH.members, { email: 'member@example.com', password: 'password123', passwordConfirm: 'password123' });
  const memberId = String(member.id);
  const notes = await bulkInsert(ctx, BENCH.notes, 1_000, 1_000, (i) => ({ title: `note ${i}`, owner: memberId }));

  const loginUser = await seed(ctx, 'users', {
    email: LOGIN.identity,
    password: LOGIN.password,
    passwordConfirm: LOGIN.password,
    verified: true,
    name: 'bench',
  });
  const feedRecord = await seed(ctx, BENCH.feed, { title: 'public post', owner: String(loginUser.id), public: true });

  // Start the measurements from a collected heap, not with the seed's garbage.
  gc();

  app.get('/__bench/empty', async () => ({}));
  app.get('/__bench/cpu', async () => process.cpuUsage());
  // Rows and bytes per table (the sizing estimate: what one venue's menu costs in the database).
  app.get('/__bench/db-size', async () => {
    const pg = ctx.stmts.dialect.name === 'postgres';
    const sized = pg
      ? ctx.stmts.all(
          `SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes, 0 AS data FROM pg_class c
           WHERE c.relkind = 'r' AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`,
        )
      : ctx.stmts.all(
          `SELECT m.tbl_name AS name, sum(d.pgsize) AS bytes, sum(CASE WHEN m.type = 'table' THEN d.payload ELSE 0 END) AS data
           FROM dbstat d JOIN sqlite_master m ON m.name = d.name GROUP BY m.tbl_name`,
        );
    const tables = sized
      .filter((t) => !String(t.name).startsWith('sqlite_'))
      .map((t) => {
        const name = String(t.name);
        const counted = ctx.stmts.get(
          pg
            ? `SELECT count(*) AS n, coalesce(sum(pg_column_size(t.*)), 0) AS b FROM ${q(name)} t`
            : `SELECT count(*) AS n FROM ${q(name)}`,
        );
        return { name, rows: Number(counted?.n), bytes: Number(t.bytes), dataBytes: pg ? Number(counted?.b) : Number(t.data) };
      })
      .sort((x, y) => x.name.localeCompare(y.name));
    return { engine: pg ? 'pg' : 'sqlite', tables };
  });
  registerColdRoutes(app, ctx);
  // Realtime: the hub's client count, last fan-out timing and this process's memory.
  app.get('/__bench/hub', async (request): Promise<HubSnapshot> => {
    if ((request.query as { gc?: string }).gc) {
      gc();
      gc();
    }
    return { size: ctx.hub.size, stats: { ...ctx.hub.stats }, memory: process.memoryUsage() };
  });
  // One update through the engine (as a superuser), so every subscriber of the collection gets an event.
  const updateTargets: Record<string, { id: string; field: string }> = {
    [BENCH.items]: { id: items.ids[0] as string, field: 'name' },
    [BENCH.feed]: { id: String(feedRecord.id), field: 'title' },
  };
  let ticks = 0;
  app.post('/__bench/update-item', async (request, reply) => {
    const name = (request.query as { collection?: string }).collection ?? BENCH.items;
    const target = updateTargets[name];
    if (!target) return reply.status(400).send({ message: `collection must be one of ${Object.keys(updateTargets).join(', ')}` });
    const data = { [target.field]: `tick ${++ticks}` };
    await ctx.engine.update(ctx.engine.collection(name), target.id, { data, files: {}, fromForm: false }, superuserRequest(ctx));
    return { tick: ticks };
  });
  process.on('message', (raw) => {
    const msg = raw as ServerRequest;
    if (msg?.type === 'request') void handleRequest(ctx, msg);
  });
  const { path: guest, menuId: guestMenu } = await seedGuestVenue(ctx, String(loginUser.id));
  const setLayout = (layout: string) =>
    ctx.engine.update(ctx.engine.collection('menus'), guestMenu, { data: { layout }, files: {}, fromForm: false }, superuserRequest(ctx));
  // The guest page built afresh (the sizing estimate's uncached page): every per-instance cache
  // flushed first, as the bus does after a write elsewhere (which also reloads the settings, one
  // small read), then the page requested in process.
  app.get('/__bench/guest-cold', async (_request, reply) => {
    ctx.bus.publish({ kind: 'flush' });
    await new Promise((resolve) => setImmediate(resolve));
    const res = await app.inject({ method: 'GET', url: guest, headers: { 'accept-encoding': 'br' } });
    return reply
      .status(res.statusCode)
      .header('content-type', String(res.headers['content-type']))
      .header('content-encoding', String(res.headers['content-encoding']))
      .send(res.rawPayload);
  });
  // The runner switches the guest menu's layout between Lighthouse runs.
  app.post('/__bench/guest-layout', async (request, reply) => {
    const layout = (request.query as { layout?: string }).layout ?? '';
    if (!(LAYOUTS as readonly string[]).includes(layout))
      return reply.status(400).send({ message: `layout must be one of ${LAYOUTS.join(', ')}` });
    await setLayout(layout);
    return { layout };
  });
  // The login user owns the guest venue's organization and is through onboarding: the staff app's
  // dashboard and service mode show that venue and its 100-item menu.
  await ctx.engine.update(
    ctx.engine.collection('users'),
    String(loginUser.id),
    { data: { onboardingComplete: true }, files: {}, fromForm: false },
    superuserRequest(ctx),
  );
  // As the app stores it after signing in: the record with its current organization expanded.
  const signedIn = await ctx.engine.view(
    ctx.engine.collection('users'),
    String(loginUser.id),
    'currentOrganization',
    superuserRequest(ctx),
  );
  const venueId = String(
    ctx.stmts.get('SELECT id FROM venues WHERE organization = (SELECT currentOrganization FROM users WHERE id = ?)', [String(loginUser.id)])
      ?.id,
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const probe = await app.inject({ method: 'GET', url: guest, headers: { 'accept-encoding': 'gzip' } });
  const plain = await app.inject({ method: 'GET', url: guest });
  // Each layout's page in each language, its images fetched once (thumbs are made on first request and
  // then served from disk, as on a venue's page after its first guest).
  const guestLayouts = [];
  for (const layout of LAYOUTS) {
    await setLayout(layout);
    for (const lang of GUEST_LANGUAGES) {
      const path = `${guest}?lang=${lang}`;
      const zipped = await app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'gzip' } });
      const html = await app.inject({ method: 'GET', url: path });
      if (!html.body.includes(`<html lang="${lang}"`)) throw new Error(`the guest page in ${lang} is not offered`);
      guestLayouts.push({ layout, lang, path, gzipBytes: zipped.rawPayload.length, htmlBytes: html.rawPayload.length });
      for (const src of new Set(html.body.match(/\/api\/files\/[^"\s,]+/g) ?? []))
        await app.inject({ method: 'GET', url: src.replaceAll('&amp;', '&') });
    }
  }
  await setLayout('list');
  const guestLanguages = [];
  for (const lang of GUEST_LANGUAGES) {
    const path = `${guest}?lang=${lang}`;
    const zipped = await app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'gzip' } });
    const html = await app.inject({ method: 'GET', url: path });
    if (!html.body.includes(`<html lang="${lang}"`)) throw new Error(`the guest page in ${lang} is not offered`);
    guestLanguages.push({ lang, path, gzipBytes: zipped.rawPayload.length, htmlBytes: html.rawPayload.length });
  }

  const info: ReadyInfo = {
    port: (app.server.address() as AddressInfo).port,
    seed: items.stats,
    itemId: items.ids[Math.floor(items.ids.length / 2)] as string,
    noteId: notes.ids[0] as string,
    memberToken: await tokenFor(ctx, BENCH.members, memberId),
    login: LOGIN,
    guest: { path: guest, gzipBytes: probe.rawPayload.length, htmlBytes: plain.rawPayload.length },
    guestLanguages,
    guestLayouts,
    staff: { token: await tokenFor(ctx, 'users', String(loginUser.id)), record: signedIn, venueId },
    databaseUrl: testApp.config.databaseUrl,
  };
  send({ type: 'ready', info });
}

main().catch((err: unknown) => {
  if (closing) return; // shutting down: the app was closed under the seed.
  send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  shutdown(1);
});
