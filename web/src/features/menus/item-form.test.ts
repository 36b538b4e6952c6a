import { describe, expect, it } from 'vitest';
import { itemBody, itemFingerprint, itemFormSchema, itemFormValues } from './item-form.ts';
import { fingerprint } from '../../../../shared/translations.ts';
import { untranslatedLanguages, untranslatedLanguagesOfAll, toItem, type TranslatableRecord } from './types.ts';
import { planLimitMessage, describeError } from '../../lib/action-errors.ts';

const item = toItem({
  id: 'item00000000001',
  collectionId: 'c',
  collectionName: 'items',
  section: 's',
  name: 'Schnitzel',
  description: 'Veal',
  prices: [
    { label: 'Small', amount: 1250 },
    { label: 'Large', amount: 1690 },
  ],
  tags: ['t1'],
  allergens: ['gluten'],
  mayContain: ['milk'],
  available: false,
  soldOutUntil: '2030-01-15 17:00:00.000Z',
  translations: { de: { name: 'Schnitzel' }, fr: { name: 'Escalope' } },
});

describe('item form', () => {
  it('turns a record into editor values in the venue’s time zone and back', () => {
    const values = itemFormValues(item, 'EUR', 'Europe/Vienna');
    expect(values.prices).toEqual([
      { label: 'Small', amount: '12.50' },
      { label: 'Large', amount: '16.90' },
    ]);
    expect(values.soldOutUntil).toBe('2030-01-15T18:00');
    const body = itemBody({ ...values, prices: [{ label: ' Small ', amount: '13,5' }] }, 'EUR', 'Europe/Vienna');
    expect(body.prices).toEqual([{ label: 'Small', amount: 1350 }]);
    expect(body.soldOutUntil).toBe('2030-01-15T17:00:00.000Z');
    // Translations are edited in the translation view: an item save never sends (and so never clobbers) them.
    expect('translations' in body).toBe(false);
    expect('image' in body).toBe(false);
  });

  it('takes an item without prices only when its price is on request', () => {
    const market = toItem({ ...item, name: 'Catch of the day', prices: [], priceOnRequest: true, available: true, soldOutUntil: '' });
    const values = itemFormValues(market, 'EUR', 'UTC');
    expect(values).toMatchObject({ prices: [], priceOnRequest: true });
    const schema = itemFormSchema('EUR', 'UTC');
    expect(schema.safeParse(values).success).toBe(true);
    expect(itemBody(values, 'EUR', 'UTC')).toMatchObject({ prices: [], priceOnRequest: true });
    const priced = schema.safeParse({ ...values, priceOnRequest: false });
    expect(priced.error?.issues.map((i) => i.path)).toEqual([['prices']]);
    // A new item starts with one row to type the price into, and not on request.
    expect(itemFormValues(null, 'EUR', 'UTC')).toMatchObject({ prices: [{ label: '', amount: '' }], priceOnRequest: false });
    // A set menu has its fixed price: never on request.
    expect(itemBody({ ...values, kind: 'set', prices: [{ label: '', amount: '14.90' }] }, 'EUR', 'UTC').priceOnRequest).toBe(false);
  });

  it('keeps the order of the option groups, the labels and the nutrition, and refuses labels against the allergens', () => {
    const pizza = toItem({
      ...item,
      optionGroups: ['grp000000000002', 'grp000000000001'],
      diets: ['spicy-1'],
      nutrition: { kcal: 650, portion: '1 plate', fat: 20 },
    });
    const values = itemFormValues(pizza, 'EUR', 'UTC');
    expect(values.nutrition).toMatchObject({ kcal: '650', portion: '1 plate', fat: '20', salt: '' });
    const body = itemBody({ ...values, nutrition: { ...values.nutrition, kcal: '' } }, 'EUR', 'UTC');
    expect(body).toMatchObject({ optionGroups: ['grp000000000002', 'grp000000000001'], diets: ['spicy-1'] });
    expect(body.nutrition).toEqual({ portion: '1 plate', fat: 20 });
    const schema = itemFormSchema('EUR', 'UTC');
    const check = (v: object) => schema.safeParse({ ...values, available: true, ...v });
    expect(check({}).success).toBe(true);
    expect(check({ diets: ['vegan'], allergens: ['milk'] }).error?.issues[0]?.path).toEqual(['diets']);
    expect(check({ nutrition: { ...values.nutrition, fat: '1', saturates: '2' } }).error?.issues[0]?.path).toEqual([
      'nutrition',
      'saturates',
    ]);
  });

  it('clears "sold out until" when available and sends photo changes', () => {
    const values = itemFormValues(item, 'EUR', 'UTC');
    expect(itemBody({ ...values, available: true }, 'EUR', 'UTC').soldOutUntil).toBe('');
    expect(itemBody({ ...values, image: null }, 'EUR', 'UTC').image).toBeNull();
    expect(itemBody({ ...values, mayContain: ['gluten', 'milk'] }, 'EUR', 'UTC').mayContain).toEqual(['milk']);
  });

  it('validates names, prices, labels of several prices and future sold-out times', () => {
    const schema = itemFormSchema('EUR', 'UTC');
    const base = itemFormValues(null, 'EUR', 'UTC');
    const messages = (v: unknown) => (schema.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages(base)).toEqual(['name: Item name is required', 'prices.0.amount: Enter a price like 12.50']);
    expect(
      messages({
        ...base,
        name: 'Tea',
        prices: [
          { label: '', amount: '3' },
          { label: 'Large', amount: '4' },
        ],
      }),
    ).toEqual(['prices.0.label: menus:validation.nameEachPrice']);
    expect(
      messages({ ...base, name: 'Tea', prices: [{ label: '', amount: '3' }], available: false, soldOutUntil: '2000-01-01T10:00' }),
    ).toEqual(['soldOutUntil: menus:validation.futureTime']);
    expect(messages({ ...base, name: 'Tea', prices: [{ label: '', amount: '3' }], available: false, soldOutUntil: '' })).toEqual([]);
  });

  it('fingerprints what a remote save can change', () => {
    expect(itemFingerprint(item, 'EUR', 'UTC')).toBe(itemFingerprint({ ...item }, 'EUR', 'UTC'));
    expect(itemFingerprint(item, 'EUR', 'UTC')).not.toBe(itemFingerprint({ ...item, name: 'Other' }, 'EUR', 'UTC'));
    expect(itemFingerprint(item, 'EUR', 'UTC')).not.toBe(itemFingerprint({ ...item, image: 'new.png' }, 'EUR', 'UTC'));
  });

  it('lists languages with a text not done: missing, a machine draft or outdated, price labels included', () => {
    const languages = ['en', 'de', 'fr'];
    // "Schnitzel" and "Escalope" are names only: description and price labels are missing.
    expect(untranslatedLanguages('items', item, languages)).toEqual(['de', 'fr']);
    const de = { name: { text: 'Schnitzel' }, description: { text: 'Kalb' }, 'prices.0': { text: 'Klein' }, 'prices.1': { text: 'Groß' } };
    expect(untranslatedLanguages('items', { ...item, translations: { de } }, ['en', 'de'])).toEqual([]);
    expect(
      untranslatedLanguages('items', { ...item, translations: { de: { ...de, name: { text: 'S', machine: true } } } }, ['en', 'de']),
    ).toEqual(['de']);
    const outdated = { ...de, description: { text: 'Kalb', basis: fingerprint('Pork') } };
    expect(untranslatedLanguages('items', { ...item, translations: { de: outdated } }, ['en', 'de'])).toEqual(['de']);
    expect(untranslatedLanguages('items', item, ['en'])).toEqual([]);
  });

  const record = (collection: TranslatableRecord[0], r: Record<string, unknown> & TranslatableRecord[1]): TranslatableRecord => [
    collection,
    r,
  ];

  it("counts an item with its courses, option groups, options and tags, in the menu's language order", () => {
    const de = { name: { text: 'Schnitzel' }, description: { text: 'Kalb' }, 'prices.0': { text: 'Klein' }, 'prices.1': { text: 'Groß' } };
    const done = record('items', { ...item, translations: { de, fr: de } });
    expect(untranslatedLanguagesOfAll([done], ['en', 'fr', 'de'])).toEqual([]);
    const course = record('set_courses', { name: 'Starter', description: '', translations: { de: { name: { text: 'Vorspeise' } } } });
    expect(untranslatedLanguagesOfAll([done, course], ['en', 'fr', 'de'])).toEqual(['fr']);
    const option = record('options', { name: 'Fries', translations: { fr: { name: { text: 'Frites' } } } });
    expect(untranslatedLanguagesOfAll([done, course, option], ['en', 'fr', 'de'])).toEqual(['fr', 'de']);
    expect(untranslatedLanguagesOfAll([record('tags', { name: 'Vegan', translations: {} })], ['en', 'de'])).toEqual(['de']);
  });
});

describe('errors', () => {
  const limit = { code: 'plan_limit_reached', message: 'Your Starter plan includes 3 menus. Upgrade your plan to add more.' };
  it('finds plan limits in single and batch responses', () => {
    expect(planLimitMessage({ response: { status: 400, message: limit.message, data: { organization: limit } } })).toBe(limit.message);
    const batch = {
      response: {
        status: 400,
        message: 'Batch transaction failed.',
        data: {
          requests: {
            0: {
              code: 'batch_request_failed',
              message: 'Batch request failed.',
              response: { status: 400, message: limit.message, data: { organization: limit } },
            },
          },
        },
      },
    };
    expect(planLimitMessage(batch)).toBe(limit.message);
    expect(describeError(batch)).toBe(limit.message);
    expect(
      planLimitMessage({
        response: { status: 400, message: 'x', data: { name: { code: 'validation_required', message: 'Cannot be blank.' } } },
      }),
    ).toBeNull();
  });
});
