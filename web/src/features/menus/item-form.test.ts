import { describe, expect, it } from 'vitest';
import { itemBody, itemFingerprint, itemFormSchema, itemFormValues } from './item-form.ts';
import { missingTranslations, toItem } from './types.ts';
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
    const values = itemFormValues(item, ['en', 'de'], 'EUR', 'Europe/Vienna');
    expect(values.prices).toEqual([
      { label: 'Small', amount: '12.50' },
      { label: 'Large', amount: '16.90' },
    ]);
    expect(values.soldOutUntil).toBe('2030-01-15T18:00');
    expect(values.translations).toEqual({ de: { name: 'Schnitzel', description: '' } });

    const body = itemBody(
      { ...values, prices: [{ label: ' Small ', amount: '13,5' }], translations: { de: { name: '', description: 'Kalb' } } },
      item,
      ['en', 'de'],
      'EUR',
      'Europe/Vienna',
    );
    expect(body.prices).toEqual([{ label: 'Small', amount: 1350 }]);
    expect(body.soldOutUntil).toBe('2030-01-15T17:00:00.000Z');
    // Languages the menu no longer lists keep their texts.
    expect(body.translations).toEqual({ de: { description: 'Kalb' }, fr: { name: 'Escalope' } });
    expect('image' in body).toBe(false);
  });

  it('clears "sold out until" when available and sends photo changes', () => {
    const values = itemFormValues(item, ['en'], 'EUR', 'UTC');
    expect(itemBody({ ...values, available: true }, item, ['en'], 'EUR', 'UTC').soldOutUntil).toBe('');
    expect(itemBody({ ...values, image: null }, item, ['en'], 'EUR', 'UTC').image).toBeNull();
    expect(itemBody({ ...values, mayContain: ['gluten', 'milk'] }, item, ['en'], 'EUR', 'UTC').mayContain).toEqual(['milk']);
  });

  it('validates names, prices, labels of several prices and future sold-out times', () => {
    const schema = itemFormSchema('EUR', 'UTC');
    const base = itemFormValues(null, ['en'], 'EUR', 'UTC');
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
    ).toEqual(['prices.0.label: Name each price, e.g. Small or 0.5 l']);
    expect(
      messages({ ...base, name: 'Tea', prices: [{ label: '', amount: '3' }], available: false, soldOutUntil: '2000-01-01T10:00' }),
    ).toEqual(['soldOutUntil: Pick a time in the future']);
    expect(messages({ ...base, name: 'Tea', prices: [{ label: '', amount: '3' }], available: false, soldOutUntil: '' })).toEqual([]);
  });

  it('fingerprints what a remote save can change', () => {
    expect(itemFingerprint(item, ['en'], 'EUR', 'UTC')).toBe(itemFingerprint({ ...item }, ['en'], 'EUR', 'UTC'));
    expect(itemFingerprint(item, ['en'], 'EUR', 'UTC')).not.toBe(itemFingerprint({ ...item, name: 'Other' }, ['en'], 'EUR', 'UTC'));
    expect(itemFingerprint(item, ['en'], 'EUR', 'UTC')).not.toBe(itemFingerprint({ ...item, image: 'new.png' }, ['en'], 'EUR', 'UTC'));
  });

  it('lists languages whose name or (given) description is missing', () => {
    expect(missingTranslations(item, ['en', 'de', 'fr'])).toEqual(['de', 'fr']);
    expect(missingTranslations({ ...item, translations: { de: { name: 'S', description: 'Kalb' } } }, ['en', 'de'])).toEqual([]);
    expect(missingTranslations({ ...item, description: '' }, ['en', 'de', 'fr'])).toEqual([]);
    expect(missingTranslations(item, ['en'])).toEqual([]);
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
