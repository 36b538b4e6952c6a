import sharp from 'sharp';
import { ClientResponseError, type default as PocketBase } from 'pocketbase';
import { afterEach, describe, expect, it } from 'vitest';
import { seed, tokenFor } from '../../test/test-app.ts';
import { uploadsTestApp } from '../../test/upload-client.ts';
import { testOnPostgres } from '../../test/test-db.ts';
import { renderMenu } from '../../test/pdf-corpus/render.ts';
import { cafe } from '../../test/pdf-corpus/menus.ts';
import type { CorpusMenu } from '../../test/pdf-corpus/render.ts';
import { fingerprint, translationState, readTranslations } from '../../../shared/translations.ts';
import type { UploadDiff, UploadDiffResult } from '../../../shared/api.ts';
import { STALE_DIFF } from './diff.ts';
import { diffWorkersOf } from './diff-workers.ts';

/**
 * Re-import as a diff, through the real app and the official SDK: a menu imported from a PDF and
 * then edited in the app (photo, translation, tag), a second version of the PDF with a rename, a
 * price change, a new and a removed item, its diff, a subset applied.
 */
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const render = (menu: CorpusMenu) => renderMenu(menu, { layout: 'left', priceFormat: 'dot', heading: { size: 14 } });
const pdf = (bytes: Uint8Array) => ({ bytes, filename: 'corner-cafe.pdf', type: 'application/pdf' });

/** The café menu's next version: a rename, a rename with a new price, a new and a removed pastry. */
function secondVersion(): CorpusMenu {
  const menu = structuredClone(cafe);
  const [coffee, pastries] = menu.sections;
  if (!coffee || !pastries) throw new Error('café menu changed');
  coffee.items = coffee.items.map((i) =>
    i.name === 'Cold brew' ? { ...i, name: 'Cold brew coffee' } : i.name === 'Chai latte' ? { ...i, name: 'Chai tea latte', prices: [{ label: '', amount: 460 }] } : i,
  );
  pastries.items = pastries.items.filter((i) => i.name !== 'Banana bread');
  pastries.items.push({ name: 'Almond croissant', prices: [{ label: '', amount: 330 }] });
  return menu;
}

async function setup() {
  const u = await uploadsTestApp();
  closers.push(u.close);
  await u.t.listen();
  const client = (token: string) => {
    const pb = u.t.sdk();
    pb.authStore.save(token);
    return pb;
  };
  const owner = client(u.token);
  const strangerUser = await seed(u.t.ctx, 'users', { email: 'stranger@example.com', password: 'member-password', passwordConfirm: 'member-password', verified: true });
  const stranger = client(await tokenFor(u.t.ctx, 'users', String(strangerUser.id)));
  const strangerOrg = String(u.t.ctx.stmts.get('SELECT currentOrganization AS o FROM users WHERE id = ?', [String(strangerUser.id)])?.o);
  const ready = async (menu: CorpusMenu) => {
    const res = await u.upload('Corner Café', { file: pdf(await render(menu)) });
    expect(res.statusCode).toBe(200);
    const done = await u.settled(res.json().id);
    expect(done.status).toBe('ready');
    return String(done.id);
  };
  const diff = (pb: PocketBase, id: string, menuId?: string) =>
    pb.send<UploadDiff>(`/api/uploads/${id}/diff`, { query: menuId ? { menuId } : {} });
  const apply = (pb: PocketBase, id: string, body: Record<string, unknown>) =>
    pb.send<UploadDiffResult>(`/api/uploads/${id}/import`, { method: 'POST', body: { mode: 'diff', ...body } });
  const failure = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (err) {
      if (err instanceof ClientResponseError) return { status: err.status, body: err.response as { message: string; data: Record<string, { code: string; message: string; params?: Record<string, unknown> }> } };
      throw err;
    }
    throw new Error('expected the request to fail');
  };
  return { ...u, owner, stranger, strangerOrg, ready, diff, apply, failure };
}

/** Changes as "kind name" lines. */
const brief = (d: UploadDiff) => d.changes.map((c) => `${c.kind} ${c.name}`);

describe('re-import as a diff', () => {
  it('shows what a new version changes and applies only the accepted changes, keeping ids, photos, translations and tags', async () => {
    const { t, owner, stranger, strangerOrg, ready, diff, apply, failure, record, org } = await setup();
    // Version 1, imported as a new menu.
    const first = await ready(cafe);
    const imported = await owner.send(`/api/uploads/${first}/import`, { method: 'POST', body: {} });
    const menuId = String(imported.menu.id);
    const items = async () =>
      owner.collection('items').getFullList({ filter: owner.filter('section.menu = {:m}', { m: menuId }), sort: 'created', expand: 'section' });
    const byName = async (name: string) => {
      const found = (await items()).find((i) => i.name === name);
      if (!found) throw new Error(`no item ${name}`);
      return found;
    };
    // Edits in the app: a photo, a translation and a tag on the item that will be renamed.
    const cold = await byName('Cold brew');
    const tag = await owner.collection('tags').create({ organization: org, name: 'Signature' });
    const photo = new Blob([new Uint8Array(await sharp({ create: { width: 32, height: 32, channels: 3, background: '#a0522d' } }).jpeg().toBuffer())], { type: 'image/jpeg' });
    const form = new FormData();
    form.append('image', photo, 'cold-brew.jpg');
    form.append('tags', tag.id);
    form.append('translations', JSON.stringify({ de: { name: 'Kaltgebrühter Kaffee', description: '18 Stunden gezogen' } }));
    const edited = await owner.collection('items').update(cold.id, form);
    expect(edited.image).toMatch(/^cold_brew_\w+\.jpg$/);
    const banana = await byName('Banana bread');

    // Version 2: the default menu to update is the one version 1 went into.
    const second = await ready(secondVersion());
    const shown = await diff(owner, second);
    expect(shown.menu).toEqual({ id: menuId, name: 'Corner Café' });
    expect(shown.suggested).toBe(true);
    expect(brief(shown)).toEqual(['item.add Almond croissant', 'item.remove Banana bread', 'item.rename Cold brew coffee', 'item.rename Chai tea latte', 'item.price Chai tea latte']);
    const key = (kind: string, name: string) => shown.changes.find((c) => c.kind === kind && c.name === name)?.key as string;
    expect(key('item.rename', 'Cold brew coffee')).toBe(`item.rename:${cold.id}`);
    expect(shown.changes.find((c) => c.kind === 'item.price')).toMatchObject({ from: { prices: [{ amount: 440 }] }, to: { prices: [{ amount: 460 }] } });
    // The same menu asked for explicitly gives the same diff.
    expect(await diff(owner, second, menuId)).toEqual({ ...shown, suggested: false });

    // Invalid requests: nothing applied.
    const accept = [key('item.add', 'Almond croissant'), key('item.rename', 'Cold brew coffee'), key('item.price', 'Chai tea latte')];
    const unknownKey = await failure(apply(owner, second, { stamp: shown.stamp, accept: [...accept, 'item.rename:nope'] }));
    expect(unknownKey).toMatchObject({ status: 400, body: { data: { accept: { code: 'validation_invalid_value', params: { keys: ['item.rename:nope'] } } } } });
    expect((await failure(apply(owner, second, { accept }))).body.data.stamp?.code).toBe('validation_required');
    expect((await failure(apply(owner, second, { stamp: shown.stamp, accept: 'all' }))).body.data.accept?.code).toBe('validation_invalid_value');
    expect((await failure(owner.send(`/api/uploads/${second}/import`, { method: 'POST', body: { mode: 'merge' } }))).body.data.mode?.code).toBe('validation_invalid_value');
    const foreignMenu = await stranger.collection('menus').create({ organization: strangerOrg, name: 'Theirs' });
    expect((await failure(diff(owner, second, foreignMenu.id))).body.data.menuId?.code).toBe('validation_missing_rel_records');
    expect((await failure(apply(owner, second, { menuId: foreignMenu.id, stamp: shown.stamp, accept }))).status).toBe(400);
    // Another organization's member does not see the upload; nobody signed in is refused.
    expect((await failure(diff(stranger, second))).status).toBe(404);
    expect((await failure(apply(stranger, second, { stamp: shown.stamp, accept }))).status).toBe(404);
    const anonymous = t.sdk();
    expect((await failure(diff(anonymous, second))).status).toBe(401);
    expect((await failure(apply(anonymous, second, { stamp: shown.stamp, accept }))).status).toBe(401);

    // The menu changes after the diff was shown: 409, nothing applied.
    const flat = await owner.collection('items').update((await byName('Flat white')).id, { description: 'Ristretto, velvety milk' });
    const stale = await failure(apply(owner, second, { stamp: shown.stamp, accept }));
    expect(stale).toMatchObject({ status: 409, body: { message: STALE_DIFF } });
    expect((await byName('Cold brew')).id).toBe(cold.id);
    expect((await record(second)).status).toBe('ready');

    // Shown again and applied: a subset (the removal is not accepted), as ordinary record events.
    const again = await diff(owner, second);
    expect(again.stamp).not.toBe(shown.stamp);
    // A description written in the app only is kept: the PDF's item without one is no change.
    expect(again.changes.map((c) => c.key)).toEqual(shown.changes.map((c) => c.key));
    const events: string[] = [];
    t.ctx.events.on((e) => events.push(`${e.collection.name}:${e.action}`));
    const result = await apply(owner, second, { stamp: again.stamp, accept });
    expect(result).toEqual({ menu: { id: menuId, name: 'Corner Café' }, applied: 3 });
    expect(events.sort()).toEqual(['items:create', 'items:update', 'items:update', 'menu_uploads:update']);

    const renamed = await owner.collection('items').getOne(cold.id);
    expect(renamed).toMatchObject({ name: 'Cold brew coffee', description: 'Steeped for 18 hours', image: edited.image, tags: [tag.id], prices: [{ label: '', amount: 450 }] });
    // The translation is kept, and outdated for the renamed name (the translations feature derives it from the source text).
    const translations = readTranslations(renamed.translations);
    expect(translations.de?.name?.text).toBe('Kaltgebrühter Kaffee');
    expect(translationState(translations.de?.name, renamed.name)).toBe('outdated');
    expect(translationState(translations.de?.description, renamed.description)).toBe('done');
    expect(translations.de?.name?.basis).toBe(fingerprint('Cold brew'));
    // Its price accepted, its rename not.
    expect(await byName('Chai latte')).toMatchObject({ prices: [{ label: '', amount: 460 }] });
    // Not accepted: the banana bread is still there, unchanged.
    expect(await byName('Banana bread')).toMatchObject({ id: banana.id, updated: banana.updated });
    expect(await byName('Flat white')).toMatchObject({ description: 'Ristretto, velvety milk', updated: flat.updated });
    const almond = await byName('Almond croissant');
    expect(almond.expand?.section?.name).toBe('Pastries');
    expect(almond.position).toBe(4); // last of the four pastries
    expect((await items()).length).toBe(12);
    expect(await record(second)).toMatchObject({ status: 'imported', menu: menuId });
    // Imported once.
    expect((await failure(apply(owner, second, { stamp: again.stamp, accept }))).status).toBe(409);
  });

  it('asks for a menu when no earlier version was imported; refuses members of a lapsed organization with 403 and a missing requirement with 400', async () => {
    const { t, owner, ready, diff, apply, failure, org } = await setup();
    const id = await ready(cafe);
    const none = await failure(diff(owner, id));
    expect(none).toMatchObject({ status: 400, body: { data: { menuId: { code: 'validation_required' } } } });
    // A menu with one section of the PDF under another name, and a section that is not in it.
    const menu = await owner.collection('menus').create({ organization: org, name: 'All day' });
    const drinks = await owner.collection('sections').create({ menu: menu.id, name: 'Hot drinks' });
    for (const [name, amount] of [['Flat white', 380], ['Caffè latte', 420], ['Cold brew', 450]] as const) {
      await owner.collection('items').create({ section: drinks.id, name, prices: [{ label: '', amount }] });
    }
    const shown = await diff(owner, id, menu.id);
    expect(shown.suggested).toBe(false);
    const kinds = shown.changes.map((c) => `${c.kind} ${c.name}`);
    expect(kinds).toContain('section.rename Coffee');
    expect(kinds).toContain('section.add Pastries');
    expect(kinds).toContain('item.add Chai latte');
    const butter = shown.changes.find((c) => c.kind === 'item.add' && c.name === 'Butter croissant');
    expect(butter?.requires).toEqual(['section.add:d1']);
    const missing = await failure(apply(owner, id, { menuId: menu.id, stamp: shown.stamp, accept: [butter?.key] }));
    expect(missing).toMatchObject({ status: 400, body: { data: { accept: { code: 'validation_missing_requirements', params: { keys: ['section.add:d1'] } } } } });

    // A lapsed organization's members still read the diff but may not apply it.
    t.ctx.stmts.run("UPDATE organizations SET subscriptionStatus = 'canceled' WHERE id = ?", [org]);
    expect((await diff(owner, id, menu.id)).stamp).toBe(shown.stamp);
    expect((await failure(apply(owner, id, { menuId: menu.id, stamp: shown.stamp, accept: [] }))).status).toBe(403);
    t.ctx.stmts.run("UPDATE organizations SET subscriptionStatus = 'active' WHERE id = ?", [org]);

    // Applied with the section: the renamed section keeps its id, the new one gets its items.
    const accept = [butter?.key, 'section.add:d1', `section.rename:${drinks.id}`];
    expect(await apply(owner, id, { menuId: menu.id, stamp: shown.stamp, accept })).toMatchObject({ applied: 3 });
    const sections = await owner.collection('sections').getFullList({ filter: owner.filter('menu = {:m}', { m: menu.id }), sort: 'position' });
    expect(sections.map((s) => [s.id === drinks.id, s.name])).toEqual([[true, 'Coffee'], [false, 'Pastries']]);
    const pastries = await owner.collection('items').getFullList({ filter: owner.filter('section = {:s}', { s: sections[1]?.id }) });
    expect(pastries.map((i) => i.name)).toEqual(['Butter croissant']);
  });

  it('moves items between sections and removes items and sections the reviewer accepts', async () => {
    const { owner, ready, diff, apply, failure } = await setup();
    const first = await ready(cafe);
    const menuId = String((await owner.send(`/api/uploads/${first}/import`, { method: 'POST', body: {} })).menu.id);
    const second = await ready(cafe);
    // The reviewer's draft: no coffee any more, the banana bread served at breakfast.
    const upload = await owner.collection('menu_uploads').getOne(second);
    const draft = structuredClone(upload.draft) as { sections: Array<{ name: string; items: Array<{ name: string }> }> };
    const [, pastries, breakfast] = draft.sections;
    const banana = pastries?.items.splice(pastries.items.findIndex((i) => i.name === 'Banana bread'), 1)[0];
    breakfast?.items.push(banana as { name: string });
    await owner.collection('menu_uploads').update(second, { draft: { ...draft, sections: draft.sections.slice(1) } });

    const shown = await diff(owner, second);
    const list = shown.changes.map((c) => `${c.kind} ${c.name}`);
    expect(list).toEqual(['item.remove Flat white', 'item.remove Caffè latte', 'item.remove Cold brew', 'item.remove Chai latte', 'item.move Banana bread', 'section.remove Coffee']);
    const removeSection = shown.changes.find((c) => c.kind === 'section.remove');
    expect(removeSection?.requires).toHaveLength(4);
    const move = shown.changes.find((c) => c.kind === 'item.move');
    const itemId = move && 'itemId' in move ? move.itemId : '';
    // The section cannot go without its items' removals.
    expect((await failure(apply(owner, second, { stamp: shown.stamp, accept: [removeSection?.key] }))).status).toBe(400);
    const accept = shown.changes.map((c) => c.key);
    expect(await apply(owner, second, { stamp: shown.stamp, accept })).toMatchObject({ applied: 6 });
    const sections = await owner.collection('sections').getFullList({ filter: owner.filter('menu = {:m}', { m: menuId }), sort: 'position' });
    expect(sections.map((s) => [s.name, s.position])).toEqual([['Pastries', 0], ['Breakfast', 1]]);
    const moved = await owner.collection('items').getOne(itemId);
    expect(moved).toMatchObject({ name: 'Banana bread', section: sections[1]?.id, position: 3 });
    expect(await owner.collection('items').getFullList({ filter: owner.filter('section.menu = {:m}', { m: menuId }) })).toHaveLength(7);
  });

  it('applies a renamed item that moved as one update (id, photo, translations, tags and venue marks kept), a new order, diets and traces', async () => {
    const { t, owner, ready, diff, apply, org } = await setup();
    const first = await ready(cafe);
    const menuId = String((await owner.send(`/api/uploads/${first}/import`, { method: 'POST', body: {} })).menu.id);
    const all = async () =>
      owner.collection('items').getFullList({ filter: owner.filter('section.menu = {:m}', { m: menuId }), sort: 'position', expand: 'section' });
    const cold = (await all()).find((i) => i.name === 'Cold brew');
    if (!cold) throw new Error('no cold brew');
    // Made in the app: a photo, a translation, a tag, a venue's "sold out" mark.
    const tag = await owner.collection('tags').create({ organization: org, name: 'Signature' });
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3b2f2f' } }).jpeg().toBuffer();
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'cold.jpg');
    form.append('tags', tag.id);
    form.append('translations', JSON.stringify({ de: { name: 'Cold Brew', description: '18 Stunden gezogen' } }));
    const edited = await owner.collection('items').update(cold.id, form);
    const venue = await seed(t.ctx, 'venues', { organization: org, name: 'Harbour', timezone: 'Europe/Vienna', primaryColor: '#112233' });
    const mark = await owner.collection('venue_items').create({ venue: venue.id, item: cold.id, available: false });

    // Version 2 as the reviewer corrected it: the cold brew renamed and moved to Breakfast,
    // Breakfast before Pastries, the pastries in reverse order, diets and traces printed.
    const second = await ready(cafe);
    const upload = await owner.collection('menu_uploads').getOne(second);
    type DraftItem = { name: string; diets?: string[]; mayContain?: string[]; allergens?: string[] };
    const draft = structuredClone(upload.draft) as { sections: Array<{ name: string; items: DraftItem[] }> };
    const [coffee, pastries, breakfast] = draft.sections;
    if (!coffee || !pastries || !breakfast) throw new Error('café draft changed');
    const brew = coffee.items.splice(coffee.items.findIndex((i) => i.name === 'Cold brew'), 1)[0] as DraftItem;
    breakfast.items.push({ ...brew, name: 'Cold brew tonic' });
    pastries.items.reverse();
    (coffee.items[0] as DraftItem).diets = ['vegetarian'];
    (coffee.items[2] as DraftItem).mayContain = ['nuts'];
    await owner.collection('menu_uploads').update(second, { draft: { ...draft, sections: [coffee, breakfast, pastries] } });

    const shown = await diff(owner, second);
    expect(brief(shown)).toEqual([
      'item.rename Cold brew tonic',
      'item.diets Flat white',
      'item.mayContain Chai latte',
      'item.move Cold brew tonic',
      'item.order Butter croissant',
      'item.order Pain au chocolat',
      'item.order Cinnamon roll',
      'section.order Pastries',
    ]);
    expect(shown.changes.find((c) => c.kind === 'item.move')).toMatchObject({ key: `item.move:${cold.id}`, from: 'Coffee', to: 'Breakfast' });
    expect(shown.changes.find((c) => c.kind === 'section.order')).toMatchObject({ from: 2, to: 3 });
    expect(shown.changes.find((c) => c.kind === 'item.order' && c.name === 'Butter croissant')).toMatchObject({ from: 1, to: 4 });
    const result = await apply(owner, second, { stamp: shown.stamp, accept: shown.changes.map((c) => c.key) });
    expect(result.applied).toBe(8);

    const after = await all();
    const moved = after.find((i) => i.id === cold.id);
    expect(moved).toMatchObject({ name: 'Cold brew tonic', image: edited.image, tags: [tag.id], description: 'Steeped for 18 hours' });
    expect(moved?.expand?.section?.name).toBe('Breakfast');
    expect(readTranslations(moved?.translations).de?.description?.text).toBe('18 Stunden gezogen');
    expect(await owner.collection('venue_items').getOne(mark.id)).toMatchObject({ item: cold.id, available: false });
    const sections = await owner.collection('sections').getFullList({ filter: owner.filter('menu = {:m}', { m: menuId }), sort: 'position' });
    expect(sections.map((s) => [s.name, s.position])).toEqual([['Coffee', 0], ['Breakfast', 1], ['Pastries', 2]]);
    const names = (section: string) => after.filter((i) => i.expand?.section?.name === section).map((i) => [i.name, i.position]);
    expect(names('Coffee')).toEqual([['Flat white', 0], ['Caffè latte', 1], ['Chai latte', 2]]);
    expect(names('Pastries')).toEqual([['Banana bread', 0], ['Cinnamon roll', 1], ['Pain au chocolat', 2], ['Butter croissant', 3]]);
    expect(names('Breakfast').at(-1)).toEqual(['Cold brew tonic', 3]);
    expect(after.find((i) => i.name === 'Flat white')?.diets).toEqual(['vegetarian']);
    expect(after.find((i) => i.name === 'Chai latte')?.mayContain).toEqual(['nuts']);
  });

  // Once, on SQLite: the subject is the worker thread (the PostgreSQL run would time it again).
  it.skipIf(testOnPostgres())('compares a 500-item menu in a worker: other requests are answered while it runs, with the same result', async () => {
    const { t, owner, ready, diff, org, health } = await setup();
    const id = await ready(cafe);
    // A live menu of 500 items and a draft that renames every one of them: the rename pass compares every pair.
    const menu = String((await seed(t.ctx, 'menus', { organization: org, name: 'Big' })).id);
    const section = String((await seed(t.ctx, 'sections', { menu, name: 'Everything' })).id);
    const dish = (n: number) => `${['Grilled', 'Braised', 'Roasted', 'Smoked', 'Fried'][n % 5]} ${['lamb', 'duck', 'trout', 'pork', 'squash', 'beet', 'leek'][n % 7]} no ${n}`;
    for (let n = 0; n < 500; n++) await seed(t.ctx, 'items', { section, name: dish(n), prices: [{ label: '', amount: 1000 + n }], position: n });
    const upload = await owner.collection('menu_uploads').getOne(id);
    const template = (upload.draft as { sections: Array<{ items: Array<Record<string, unknown>> }> }).sections[0]?.items[0] as Record<string, unknown>;
    const items = Array.from({ length: 500 }, (_, n) => ({ ...template, name: `${dish(n)} special`, description: '', prices: [{ label: '', amount: 1000 + n }] }));
    await owner.collection('menu_uploads').update(id, { draft: { ...(upload.draft as object), sections: [{ name: 'Everything', items }] } });

    const workers = diffWorkersOf(t.ctx);
    await diff(owner, id, menu); // the worker is booted: what follows is the comparison alone
    const started = new Promise<void>((resolve) => workers.events.once('start', () => resolve()));
    let answered = false;
    const began = performance.now();
    const big = diff(owner, id, menu).then((d) => {
      answered = true;
      return d;
    });
    await started;
    // While the worker compares, the event loop is free: the health check is answered first.
    expect(await health()).toBe(200);
    expect(answered).toBe(false);
    expect(workers.load).toBe(1);
    const shown = await big;
    const ms = performance.now() - began;
    console.info(`500-item diff in the worker: ${Math.round(ms)} ms`);
    // The same result as the rules compute on their own.
    const { diffMenu } = await import('../../../shared/menu-diff.ts');
    const liveItems = t.ctx.stmts
      .all('SELECT id, name, prices FROM items WHERE section = ? ORDER BY position', [section])
      .map((r) => ({ id: String(r.id), name: String(r.name), description: '', prices: JSON.parse(String(r.prices)) as Array<{ label: string; amount: number }>, priceOnRequest: false, allergens: [], mayContain: [], diets: [] }));
    const stored = (await owner.collection('menu_uploads').getOne(id)).draft as { sections: Array<{ name: string; items: never[] }> };
    expect(shown.changes).toEqual(diffMenu([{ id: section, name: 'Everything', items: liveItems }], stored.sections));
    expect(shown.changes.filter((c) => c.kind === 'item.rename')).toHaveLength(500);
  });
});

