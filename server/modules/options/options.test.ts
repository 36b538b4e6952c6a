import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import { activeOwner, buildTestApp, seed, type TestApp } from '../../test/test-app.ts';
import { expectError } from '../../test/sdk-errors.ts';
import { collector } from '../../test/realtime-collector.ts';

(globalThis as unknown as { EventSource: typeof EventSource }).EventSource = EventSource;

/**
 * Option groups, options, and the new item and venue fields (issue 20, items 1, 3, 4) through the
 * official SDK: validation answers 400 with the contract's envelope (never 500), positions stay
 * dense, links stay within the organization, deletes cascade, and every change is a realtime event.
 */
let t: TestApp;
let pb: PocketBase;
let org = '';
let section = '';

beforeAll(async () => {
  t = await buildTestApp();
  await t.listen();
  const owner = await activeOwner(t.ctx, 'options-owner@example.com');
  org = owner.org;
  pb = t.sdk();
  pb.authStore.save(owner.token, null);
  const menu = await seed(t.ctx, 'menus', { organization: org, name: 'Pizzeria', status: 'published' });
  section = String((await seed(t.ctx, 'sections', { menu: menu.id, name: 'Pizza' })).id);
});

afterAll(async () => {
  await pb.realtime.unsubscribe().catch(() => undefined);
  await t.close();
});

const groups = () => pb.collection('option_groups');
const options = () => pb.collection('options');
const items = () => pb.collection('items');
const item = (data: Record<string, unknown> = {}) =>
  items().create({ section, name: 'Margherita', prices: [{ label: '', amount: 900 }], ...data });

describe('option groups', () => {
  it('creates a shared group (optional extras by default) and translates its texts', async () => {
    const g = await groups().create({
      organization: org,
      name: 'Extras',
      description: 'On any pizza',
      translations: { de: { name: 'Extras' } },
    });
    expect(g).toMatchObject({ name: 'Extras', minChoices: 0, maxChoices: 0 });
    expect(g.translations.de.name).toMatchObject({ text: 'Extras', basis: expect.stringMatching(/^[0-9a-f]{8}$/) });
  });

  it.each([
    [{ name: '' }, 'name', 'Group name is required.'],
    [{ name: 'Side', minChoices: 2, maxChoices: 1 }, 'maxChoices', 'The most choices cannot be fewer than the fewest.'],
    [{ name: 'Side', minChoices: -1 }, 'minChoices', ''],
    [{ name: 'Side', maxChoices: 1.5 }, 'maxChoices', ''],
    [{ name: 'Side', translations: { de: { price: 'x' } } }, 'translations', ''],
  ])('refuses %j with 400 at %s', async (body, field, message) => {
    const err = await expectError(groups().create({ organization: org, ...body }), 400, 'Failed to create record.');
    expect(Object.keys(err.response.data)).toContain(field);
    if (message) expect(err.response.data[field].message).toBe(message);
  });
});

describe('options', () => {
  it('appends options to their group, available, and closes the gap when one is deleted', async () => {
    const g = await groups().create({ organization: org, name: 'Sauce', minChoices: 1, maxChoices: 1 });
    const a = await options().create({ group: g.id, name: 'Tomato', priceDelta: 0 });
    const b = await options().create({ group: g.id, name: 'Cream', priceDelta: 50, allergens: ['milk'] });
    const c = await options().create({ group: g.id, name: 'Pesto', priceDelta: 100, allergens: ['nuts'], diets: ['vegetarian'] });
    expect([a.position, b.position, c.position]).toEqual([0, 1, 2]);
    expect(a.available).toBe(true);
    await options().delete(b.id);
    expect((await options().getOne(c.id)).position).toBe(1);
  });

  it.each([
    [{ name: 'Cheese', priceDelta: -50 }, 'priceDelta'],
    [{ name: 'Cheese', priceDelta: 1.5 }, 'priceDelta'],
    [{ name: 'Cheese', priceDelta: 'lots' }, 'priceDelta'],
    [{ name: '  ', priceDelta: 150 }, 'name'],
    [{ name: 'Cheese', allergens: ['milk'], mayContain: ['milk'] }, 'mayContain'],
    [{ name: 'Cheese', allergens: ['milk'], diets: ['vegan'] }, 'diets'],
    [{ name: 'Cheese', diets: ['spicy-1', 'spicy-2'] }, 'diets'],
    [{ name: 'Cheese', diets: ['carnivore'] }, 'diets'],
    [{ name: 'Cheese', allergens: ['bacon'] }, 'allergens'],
  ])('refuses %j with 400 at %s', async (body, field) => {
    const g = await groups().create({ organization: org, name: 'Extras to refuse' });
    const err = await expectError(options().create({ group: g.id, ...body }), 400, 'Failed to create record.');
    expect(Object.keys(err.response.data)).toContain(field);
  });

  it('deleting a group deletes its options and unlinks it from items', async () => {
    const g = await groups().create({ organization: org, name: 'Doomed' });
    const o = await options().create({ group: g.id, name: 'Gone', priceDelta: 10 });
    const keep = await groups().create({ organization: org, name: 'Kept' });
    const pizza = await item({ optionGroups: [g.id, keep.id] });
    await groups().delete(g.id);
    await expectError(options().getOne(o.id), 404);
    expect((await items().getOne(pizza.id)).optionGroups).toEqual([keep.id]);
  });

  it('every change is a realtime event for the organization’s members', async () => {
    const seen = collector();
    await groups().subscribe('*', seen.push);
    await options().subscribe('*', seen.push);
    const g = await groups().create({ organization: org, name: 'Live' });
    const o = await options().create({ group: g.id, name: 'Olives', priceDelta: 80 });
    await options().update(o.id, { available: false });
    await options().delete(o.id);
    await seen.waitFor(4);
    expect(seen.events.map((e) => `${e.action}:${e.record.id}`)).toEqual([
      `create:${g.id}`,
      `create:${o.id}`,
      `update:${o.id}`,
      `delete:${o.id}`,
    ]);
    expect(seen.events[2]?.record.available).toBe(false);
  });
});

describe('items: option groups, dietary labels, nutrition', () => {
  it('keeps the order of its option groups, its labels and its nutrition (without empty parts)', async () => {
    const a = await groups().create({ organization: org, name: 'Size' });
    const b = await groups().create({ organization: org, name: 'Toppings' });
    const pizza = await item({
      optionGroups: [b.id, a.id],
      diets: ['vegetarian', 'spicy-2'],
      nutrition: { kcal: 800, kj: null, portion: ' 350 g ', fat: 30, saturates: 12 },
      translations: { de: { 'nutrition.portion': '350 g' } },
    });
    expect(pizza.optionGroups).toEqual([b.id, a.id]);
    expect(pizza.diets).toEqual(['vegetarian', 'spicy-2']);
    expect(pizza.nutrition).toEqual({ kcal: 800, portion: '350 g', fat: 30, saturates: 12 });
    expect(pizza.translations.de['nutrition.portion'].text).toBe('350 g');
    const cleared = await items().update(pizza.id, { nutrition: { kcal: null } });
    expect(cleared.nutrition).toBeNull();
    // The portion label went away, so its translation did too.
    expect(cleared.translations).toEqual({});
  });

  it.each([
    [{ nutrition: { kcal: 450, kj: 450 } }, 'nutrition', 'Kcal and kJ do not match (1 kcal = 4.184 kJ) (kj).'],
    [{ nutrition: { kcal: -5 } }, 'nutrition', 'Cannot be negative (kcal).'],
    [{ nutrition: { fat: 2, saturates: 3 } }, 'nutrition', 'Saturates are part of the fat: at most the fat (saturates).'],
    [{ nutrition: { sodium: 3 } }, 'nutrition', ''],
    [{ nutrition: 'lots' }, 'nutrition', ''],
    [{ nutrition: [1, 2] }, 'nutrition', ''],
    [{ diets: ['vegan'], allergens: ['eggs'] }, 'diets', 'A vegan dish cannot contain eggs.'],
    [{ diets: ['keto'] }, 'diets', ''],
    [{ optionGroups: ['nosuchgroup0000'] }, 'optionGroups', ''],
    [{ translations: { de: { 'nutrition.portion': 'Stück' } } }, 'translations', ''],
  ])('refuses %j with 400 at %s', async (body, field, message) => {
    const err = await expectError(item(body), 400, 'Failed to create record.');
    expect(Object.keys(err.response.data)).toContain(field);
    if (message) expect(err.response.data[field].message).toBe(message);
  });
});

describe('venues: nutrition display', () => {
  it('stores the display mode and the daily kcal note, refusing unknown modes', async () => {
    const venue = await pb
      .collection('venues')
      .create({ organization: org, name: 'Pizzeria Uno', timezone: 'Europe/Rome', primaryColor: '#aa3300' });
    expect(venue).toMatchObject({ nutritionDisplay: '', dailyKcalNote: false });
    const full = await pb.collection('venues').update(venue.id, { nutritionDisplay: 'full', dailyKcalNote: true });
    expect(full).toMatchObject({ nutritionDisplay: 'full', dailyKcalNote: true });
    const err = await expectError(
      pb.collection('venues').update(venue.id, { nutritionDisplay: 'everything' }),
      400,
      'Failed to update record.',
    );
    expect(Object.keys(err.response.data)).toEqual(['nutritionDisplay']);
  });
});
