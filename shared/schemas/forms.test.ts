import { beforeAll, describe, expect, it } from 'vitest';
import { installDefaultMessages } from './messages.ts';
import { zHelpForm, zMenuForm, zTagForm, zUploadForm, zVenueForm, zVerifySearch } from './forms.ts';
import { isTimeZone, zPriceVariants, zSchedule, zTimezone } from './domain.ts';
import { z } from 'zod';

beforeAll(() => installDefaultMessages());

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues ?? []).map((i) => i.message);
}

describe('form schemas carry the specification messages', () => {
  it.each([
    ['venue name', zVenueForm.safeParse({ name: ' ', timezone: 'UTC', primaryColor: '#000000' }), ['Venue name is required']],
    ['tag name', zTagForm.safeParse({ name: '', color: '' }), ['Tag name is required']],
    ['menu name', zMenuForm.safeParse({ name: '' }), ['Menu name is required']],
    [
      'upload name',
      zUploadForm.safeParse({ name: 'a', file: { name: 'x.pdf', size: 10, type: 'application/pdf' } }),
      ['Menu name is required'],
    ],
    [
      'upload empty file',
      zUploadForm.safeParse({ name: 'Lunch', file: { name: 'x.pdf', size: 0, type: 'application/pdf' } }),
      ['A valid PDF file is required'],
    ],
    ['upload missing file', zUploadForm.safeParse({ name: 'Lunch' }), ['A valid PDF file is required']],
    [
      'upload neither PDF nor photo',
      zUploadForm.safeParse({ name: 'Lunch', file: { name: 'x.gif', size: 10, type: 'image/gif' } }),
      ['Only PDF files and JPEG, PNG or WebP photos are supported.'],
    ],
    [
      'upload PDF with photos',
      zUploadForm.safeParse({
        name: 'Lunch',
        file: { name: 'x.pdf', size: 10, type: 'application/pdf' },
        photos: [{ name: 'a.jpg', size: 10, type: 'image/jpeg' }],
      }),
      ['Upload either one PDF or photos of the menu, not both.'],
    ],
    [
      'upload too many photos',
      zUploadForm.safeParse({
        name: 'Lunch',
        file: { name: 'a.jpg', size: 10, type: 'image/jpeg' },
        photos: Array.from({ length: 12 }, () => ({ name: 'b.png', size: 10, type: 'image/png' })),
      }),
      ['This upload has 13 scanned pages or photos; at most 12 can be read at once.'],
    ],
    ['help title', zHelpForm.safeParse({ title: '', description: '0123456789' }), ['Title is required']],
    [
      'help title long',
      zHelpForm.safeParse({ title: 'x'.repeat(101), description: '0123456789' }),
      ['Title must be less than 100 characters'],
    ],
    [
      'help description short',
      zHelpForm.safeParse({ title: 'Hi', description: 'too short' }),
      ['Description must be at least 10 characters'],
    ],
    [
      'help description long',
      zHelpForm.safeParse({ title: 'Hi', description: 'x'.repeat(1001) }),
      ['Description must be less than 1000 characters'],
    ],
  ])('%s', (_name, result, expected) => {
    expect(messages(result)).toEqual(expected);
  });

  it('accepts valid forms at the limits', () => {
    expect(zHelpForm.safeParse({ title: 'x'.repeat(100), description: 'x'.repeat(1000) }).success).toBe(true);
    expect(zHelpForm.safeParse({ title: 'x', description: 'x'.repeat(10) }).success).toBe(true);
    expect(zUploadForm.safeParse({ name: 'ab', file: { name: 'x.pdf', size: 1, type: 'application/pdf' } }).success).toBe(true);
    const photo = { name: 'p.webp', size: 1, type: 'image/webp' };
    expect(zUploadForm.safeParse({ name: 'ab', file: photo, photos: Array.from({ length: 11 }, () => photo) }).success).toBe(true);
    expect(zVerifySearch.parse({})).toEqual({});
    expect(zVerifySearch.parse({ token: 'abc' })).toEqual({ token: 'abc' });
  });

  it('turns an empty tag colour into #000000', () => {
    expect(zTagForm.parse({ name: 'Vegan', color: '' })).toEqual({ name: 'Vegan', color: '#000000' });
    expect(zTagForm.parse({ name: 'Vegan', color: '#00ff00' }).color).toBe('#00ff00');
  });

  it('uses the default messages for type errors', () => {
    expect(messages(zMenuForm.safeParse({}))).toEqual(['Required']);
    expect(messages(zMenuForm.safeParse({ name: 5 }))).toEqual(['Expected string, received number']);
    expect(messages(z.enum(['a', 'b']).safeParse('c'))).toEqual(['Invalid input']);
  });
});

describe('domain schemas', () => {
  it('knows IANA time zones', () => {
    expect(isTimeZone('Europe/Vienna')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(zTimezone.safeParse('Mars/Olympus').success).toBe(false);
  });

  it('requires at least one whole-cent price', () => {
    expect(zPriceVariants.safeParse([]).success).toBe(false);
    expect(zPriceVariants.safeParse([{ label: '', amount: 1250 }]).success).toBe(true);
    expect(zPriceVariants.safeParse([{ label: '', amount: 12.5 }]).success).toBe(false);
  });

  it('validates schedule windows', () => {
    expect(
      zSchedule.safeParse([
        { day: 1, start: '11:30', end: '14:00' },
        { day: 5, start: '18:00', end: '01:00' },
      ]).success,
    ).toBe(true);
    expect(zSchedule.safeParse([{ day: 7, start: '11:30', end: '14:00' }]).success).toBe(false);
    expect(zSchedule.safeParse([{ day: 1, start: '24:00', end: '14:00' }]).success).toBe(false);
  });
});
