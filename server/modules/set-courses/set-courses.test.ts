import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import { activeOwner, buildTestApp, seed, type TestApp } from '../../test/test-app.ts';
import { expectError } from '../../test/sdk-errors.ts';
import { collector } from '../../test/realtime-collector.ts';
import { MAX_CHOICES_PER_COURSE, MAX_COURSES_PER_SET } from '../../../shared/set-menus.ts';
import { translationState } from '../../../shared/translations.ts';

(globalThis as unknown as { EventSource: typeof EventSource }).EventSource = EventSource;

/**
 * Set menus (issue 20, item 2) through the official SDK: an item of kind "set" with one fixed
 * price and ordered courses offering dishes of its own menu; bad input answers 400 with the
 * contract's envelope (never 500); deleting a dish leaves no dangling choice; every change of a
 * course is a realtime event; course texts are translatable and turn outdated.
 */
let t: TestApp;
let pb: PocketBase;
let menu = '';
let starters = '';
let mains = '';
let otherMenuSection = '';
const dish = { Gazpacho: '', Ensalada: '', Paella: '', Merluza: '', Flan: '', Fruta: '', elsewhere: '' };
/** One dish more than a course may offer. */
const many: string[] = [];

const items = () => pb.collection('items');
const courses = () => pb.collection('set_courses');
const newItem = async (name: string, data: Record<string, unknown> = {}, section = starters) =>
  String((await items().create({ section, name, prices: [{ label: '', amount: 500 }], ...data })).id);
const newSet = (name = 'Menu del día', data: Record<string, unknown> = {}) =>
  newItem(name, { kind: 'set', prices: [{ label: '', amount: 1490 }], ...data }, mains);

beforeAll(async () => {
  t = await buildTestApp();
  await t.listen();
  const owner = await activeOwner(t.ctx, 'sets-owner@example.com');
  pb = t.sdk();
  pb.authStore.save(owner.token, null);
  menu = String((await seed(t.ctx, 'menus', { organization: owner.org, name: 'Lunch', status: 'published', languages: ['es', 'en'] })).id);
  starters = String((await seed(t.ctx, 'sections', { menu, name: 'Entrantes' })).id);
  mains = String((await seed(t.ctx, 'sections', { menu, name: 'Principales' })).id);
  const other = await seed(t.ctx, 'menus', { organization: owner.org, name: 'Dinner', status: 'published' });
  otherMenuSection = String((await seed(t.ctx, 'sections', { menu: other.id, name: 'Other' })).id);
  for (const name of ['Gazpacho', 'Ensalada', 'Paella', 'Merluza', 'Flan', 'Fruta'] as const) dish[name] = await newItem(name);
  dish.elsewhere = await newItem('Dinner dish', {}, otherMenuSection);
  for (let i = 0; i <= MAX_CHOICES_PER_COURSE; i++)
    many.push(String((await seed(t.ctx, 'items', { section: starters, name: `Tapa ${i}`, prices: [{ label: '', amount: 300 }] })).id));
});

afterAll(async () => {
  await pb.realtime.unsubscribe().catch(() => undefined);
  await t.close();
});

describe('items of kind set', () => {
  it('a set has exactly one price, its fixed price; a dish may have several', async () => {
    const err = await expectError(
      items().create({
        section: mains,
        name: 'Two-price set',
        kind: 'set',
        prices: [
          { label: 'Small', amount: 900 },
          { label: 'Large', amount: 1200 },
        ],
      }),
      400,
      'Failed to create record.',
    );
    expect(err.response.data.prices).toMatchObject({ code: 'validation_invalid_value', message: 'A set menu has one fixed price.' });
    await expectError(items().create({ section: mains, name: 'Odd', kind: 'combo', prices: [{ label: '', amount: 1 }] }), 400);
    const id = await newItem('Tapas', {
      prices: [
        { label: 'Half', amount: 500 },
        { label: 'Full', amount: 900 },
      ],
    });
    expect((await items().getOne(id)).kind).toBe('');
    const update = await expectError(items().update(id, { kind: 'set' }), 400, 'Failed to update record.');
    expect(Object.keys(update.response.data)).toEqual(['prices']);
  });
});

describe('courses', () => {
  it('builds a three-course set in order, with a free-text course, and closes the gap on delete', async () => {
    const set = await newSet();
    const starter = await courses().create({ item: set, name: 'Entrante', choices: [dish.Gazpacho, dish.Ensalada] });
    const main = await courses().create({ item: set, name: 'Principal', choices: [dish.Paella, dish.Merluza] });
    const drink = await courses().create({ item: set, name: '', description: 'Pan, agua o vino' });
    const dessert = await courses().create({ item: set, name: 'Postre', choices: [dish.Flan, dish.Fruta] });
    expect([starter.position, main.position, drink.position, dessert.position]).toEqual([0, 1, 2, 3]);
    expect(starter.choices).toEqual([dish.Gazpacho, dish.Ensalada]);
    const expanded = await items().getOne(set, { expand: 'set_courses_via_item.choices' });
    const list = expanded.expand?.set_courses_via_item as { name: string; expand?: { choices?: { name: string }[] } }[];
    expect(list.map((c) => c.name)).toEqual(['Entrante', 'Principal', '', 'Postre']);
    expect(list[0]?.expand?.choices?.map((c) => c.name)).toEqual(['Gazpacho', 'Ensalada']);
    await courses().delete(drink.id);
    expect((await courses().getOne(dessert.id)).position).toBe(2);
  });

  it.each([
    ['a course that says nothing', () => ({ name: ' ' }), 'name', 'validation_invalid_value'],
    ['a dish of another menu', () => ({ name: 'X', choices: [dish.elsewhere] }), 'choices', 'validation_invalid_value'],
    ['an unknown dish', () => ({ name: 'X', choices: ['zzzzzzzzzzzzzzz'] }), 'choices', 'validation_missing_rel_records'],
    ['too many choices', () => ({ name: 'X', choices: many }), 'choices', 'validation_too_many_values'],
    ['a text too long', () => ({ name: 'X', description: 'x'.repeat(501) }), 'description', ''],
    ['an unknown translation key', () => ({ name: 'X', translations: { en: { price: { text: 'x' } } } }), 'translations', ''],
  ])('refuses %s with 400 at its field', async (_, body, field, code) => {
    const set = await newSet('Refusals');
    const err = await expectError(courses().create({ item: set, ...body() }), 400, 'Failed to create record.');
    expect(Object.keys(err.response.data)).toEqual([field]);
    if (code) expect(err.response.data[field].code).toBe(code);
  });

  it('refuses a set as a choice, a course on a dish, and more than the cap of courses', async () => {
    const set = await newSet('Outer');
    const inner = await newSet('Inner');
    const asChoice = await expectError(courses().create({ item: set, name: 'X', choices: [inner] }), 400);
    expect(asChoice.response.data.choices.message).toBe('A set menu cannot be a choice of a course.');
    const onDish = await expectError(courses().create({ item: dish.Flan, name: 'X' }), 400);
    expect(onDish.response.data.item.code).toBe('validation_invalid_value');
    for (let i = 0; i < MAX_COURSES_PER_SET; i++) await courses().create({ item: inner, name: `Course ${i}` });
    const over = await expectError(courses().create({ item: inner, name: 'One too many' }), 400);
    expect(over.response.data.item.message).toBe(`A set menu has at most ${MAX_COURSES_PER_SET} courses.`);
  });

  it('a course stays with its set, and a choice cannot become a set or leave the menu', async () => {
    const set = await newSet('Fixed');
    const other = await newSet('Other set');
    const course = await courses().create({ item: set, name: 'Starter', choices: [dish.Gazpacho] });
    await expectError(courses().update(course.id, { item: other }), 404);
    const kind = await expectError(items().update(dish.Gazpacho, { kind: 'set' }), 400, 'Failed to update record.');
    expect(Object.keys(kind.response.data)).toEqual(['kind']);
    const move = await expectError(items().update(dish.Gazpacho, { section: otherMenuSection }), 400);
    expect(Object.keys(move.response.data)).toEqual(['section']);
    const moveSet = await expectError(items().update(set, { section: otherMenuSection }), 400);
    expect(Object.keys(moveSet.response.data)).toEqual(['section']);
    // Within the menu both move freely.
    await items().update(dish.Gazpacho, { section: mains });
    await items().update(dish.Gazpacho, { section: starters });
  });

  it('deleting a dish removes it from every course (no dangling ids), deleting the set its courses', async () => {
    const set = await newSet('Cleanup');
    const doomed = await newItem('Sopa del día');
    const course = await courses().create({ item: set, name: 'Starter', choices: [doomed, dish.Ensalada] });
    const onlyDoomed = await courses().create({ item: set, name: 'Soup', choices: [doomed] });
    await items().delete(doomed);
    expect((await courses().getOne(course.id)).choices).toEqual([dish.Ensalada]);
    // A course left without choices stays (its name may still say something); it is not deleted.
    expect((await courses().getOne(onlyDoomed.id)).choices).toEqual([]);
    await items().delete(set);
    await expectError(courses().getOne(course.id), 404);
    expect((await courses().getList(1, 50, { filter: `item = "${set}"` })).totalItems).toBe(0);
  });

  it('translates course texts through the kernel; an edited name turns the translation outdated', async () => {
    const set = await newSet('Translated');
    const course = await courses().create({
      item: set,
      name: 'Postre',
      description: 'Casero',
      translations: { en: { name: { text: 'Dessert' } } },
    });
    expect(translationState(course.translations.en.name, 'Postre')).toBe('done');
    const edited = await courses().update(course.id, { name: 'Postres' });
    expect(translationState(edited.translations.en.name, 'Postres')).toBe('outdated');
  });

  it('every create, update and delete of a course is a realtime event', async () => {
    const set = await newSet('Live');
    const seen = collector();
    await courses().subscribe('*', seen.push);
    const course = await courses().create({ item: set, name: 'Entrante', choices: [dish.Gazpacho] });
    await courses().update(course.id, { choices: [dish.Gazpacho, dish.Ensalada] });
    await courses().delete(course.id);
    await seen.waitFor(3);
    expect(seen.events.map((e) => `${e.action}:${e.record.id}`)).toEqual([
      `create:${course.id}`,
      `update:${course.id}`,
      `delete:${course.id}`,
    ]);
    expect(seen.events[1]?.record.choices).toEqual([dish.Gazpacho, dish.Ensalada]);
    await courses().unsubscribe('*');
  });
});
