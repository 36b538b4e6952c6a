import { beforeAll, describe, expect, it } from 'vitest';
import { installDefaultMessages } from './messages.ts';
import { zItemRecord, zMenuRecord, zSectionRecord } from './menus.ts';
import { draftProblem, zMenuDraft } from './upload-draft.ts';
import { zInviteForm, zOrganizationForm } from './organizations.ts';
import { MESSAGES } from './messages.ts';

beforeAll(() => installDefaultMessages());

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => i.message);

describe('record schemas of menus, sections and items', () => {
  it.each([
    ['menu without name', zMenuRecord.safeParse({ name: ' ', schedule: null, languages: ['en'] }), ['Menu name is required']],
    ['menu', zMenuRecord.safeParse({ name: 'Lunch', schedule: [{ day: 1, start: '11:30', end: '14:00' }], languages: ['en', 'de'] }), []],
    ['section without name', zSectionRecord.safeParse({ name: '', translations: null }), ['Section name is required']],
    ['section', zSectionRecord.safeParse({ name: 'Starters', translations: { de: { name: 'Vorspeisen' } } }), []],
    [
      'item without name',
      zItemRecord.safeParse({ name: ' ', prices: [{ label: '', amount: 650 }], translations: null }),
      ['Item name is required'],
    ],
    ['item without price', zItemRecord.safeParse({ name: 'Soup', prices: [], translations: null }), ['Add at least one price']],
    [
      'item with a fractional price',
      zItemRecord.safeParse({ name: 'Soup', prices: [{ label: '', amount: 6.5 }], translations: null }),
      ['Prices are whole minor units (cents)'],
    ],
  ])('%s', (_name, result, expected) => {
    expect(messages(result)).toEqual(expected);
  });
});

describe('upload draft', () => {
  const item = { name: 'Soup', prices: [{ amount: 650 }] };
  it('fills defaults of what the extractor may leave out', () => {
    expect(zMenuDraft.parse({ sections: [{ name: 'Starters', items: [item] }] })).toEqual({
      sections: [{ name: 'Starters', items: [{ name: 'Soup', description: '', prices: [{ label: '', amount: 650 }], allergens: [] }] }],
    });
  });

  it.each([
    [{ sections: [{ name: ' ', items: [] }] }, 'Invalid draft at sections.0.name: Section name is required'],
    [
      { sections: [{ name: 'Starters', items: [{ ...item, name: '' }] }] },
      'Invalid draft at sections.0.items.0.name: Item name is required',
    ],
    [
      { sections: [{ name: 'Starters', items: [{ ...item, allergens: ['gluten', 'chocolate'] }] }] },
      'Invalid draft at sections.0.items.0.allergens.1: Invalid input',
    ],
  ])('names the first problem of %j', (draft, problem) => {
    const result = zMenuDraft.safeParse(draft);
    expect(result.success).toBe(false);
    if (!result.success) expect(draftProblem(result.error)).toBe(problem);
  });
});

describe('organization forms', () => {
  it.each([
    [zOrganizationForm.safeParse({ name: '', currency: 'EUR', defaultLanguage: 'en' }), ['Organization name is required']],
    [
      zOrganizationForm.safeParse({ name: 'x'.repeat(101), currency: 'EUR', defaultLanguage: 'en' }),
      ['Organization name must be less than 100 characters'],
    ],
    // The server's own currency and language rules (organizations hooks use the same ones).
    [zOrganizationForm.safeParse({ name: 'Bistro', currency: 'XYZ', defaultLanguage: 'en' }), [MESSAGES.unknownCurrency]],
    [zOrganizationForm.safeParse({ name: 'Bistro', currency: 'JPY', defaultLanguage: 'english' }), [MESSAGES.languageCode]],
    [zOrganizationForm.safeParse({ name: 'Bistro', currency: 'JPY', defaultLanguage: 'de-AT' }), []],
    [zInviteForm.safeParse({ email: '', role: 'editor' }), ['Email is required']],
    [zInviteForm.safeParse({ email: 'nope', role: 'editor' }), ['Enter a valid email address']],
    [zInviteForm.safeParse({ email: 'a@example.com', role: 'admin' }), []],
  ])('%#', (result, expected) => {
    expect(messages(result)).toEqual(expected);
  });
});
