import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyExponent, decimalMark, formatMoney, moneyInputText, parseMoney, toDecimalAmount } from './money.ts';
import { GUEST_CHROME_LANGUAGES } from './i18n/guest-chrome.ts';
import { STAFF_LANGUAGES } from './i18n/staff-languages.ts';

const seed = Number(process.env.FC_SEED ?? 20261125);
console.log('fast-check seed', seed);

describe('currencyExponent (ISO 4217 minor units)', () => {
  it.each([
    ['EUR', 2],
    ['USD', 2],
    ['CHF', 2],
    ['GBP', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['ISK', 0],
    ['CLP', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['JOD', 3],
    ['OMR', 3],
    ['TND', 3],
    ['CLF', 4],
    ['jpy', 0],
    [undefined, 2],
    ['', 2],
    ['NOT-A-CODE', 2],
  ] as const)('%s has %i', (currency, digits) => {
    expect(currencyExponent(currency)).toBe(digits);
  });
});

describe('parseMoney', () => {
  it.each([
    ['12.50', 1250],
    ['12,50', 1250],
    ['12', 1200],
    ['12.5', 1250],
    ['12,5', 1250],
    ['0,05', 5],
    ['.5', 50],
    ['12.', 1200],
    ['0', 0],
    [' 7 ', 700],
    ['€12.50', 1250],
    ['12,50 €', 1250],
    ['EUR 3.90', 390],
    ['1,250', 125000],
    ['1.250', 125000],
    ['1,234.56', 123456],
    ['1.234,56', 123456],
    ['1 234,56', 123456],
    ["1'234.50", 123450],
    ['1.234.567', 123456700],
    ['12.505', 1250500],
    ['CHF 4.20', 420],
    ['1,234,567.89', 123456789],
  ])('EUR %j -> %i', (input, expected) => {
    expect(parseMoney(input, 'EUR')).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['abc'],
    ['-5'],
    ['12.5055'],
    ['12,50,5'],
    ['1,2,3'],
    ['12..5'],
    ['1.234.56'],
    ['1,23.45'],
    [','],
    ['1.2.3,4'],
    ['12a'],
  ])('EUR %j is not an amount', (input) => {
    expect(parseMoney(input, 'EUR')).toBeNull();
  });

  it('follows the currency’s minor units', () => {
    expect(currencyExponent('JPY')).toBe(0);
    expect(parseMoney('1250', 'JPY')).toBe(1250);
    expect(parseMoney('1,250', 'JPY')).toBe(1250);
    expect(parseMoney('12.5', 'JPY')).toBeNull();
    expect(currencyExponent('KWD')).toBe(3);
    expect(parseMoney('1.250', 'KWD')).toBe(1250);
    expect(parseMoney('1,5', 'KWD')).toBe(1500);
    expect(parseMoney('12.50', undefined)).toBe(1250);
    expect(parseMoney('12.50', 'NOT-A-CODE')).toBe(1250);
  });
});

describe('toDecimalAmount', () => {
  it.each([
    [1250, 'EUR', '12.50'],
    [5, 'EUR', '0.05'],
    [0, 'EUR', '0.00'],
    [1250, 'JPY', '1250'],
    [1250, 'KWD', '1.250'],
  ] as const)('%i %s -> %s', (minor, currency, text) => {
    expect(toDecimalAmount(minor, currency)).toBe(text);
    expect(parseMoney(text, currency)).toBe(minor);
  });

  it('is empty for nothing', () => {
    expect(toDecimalAmount(undefined, 'EUR')).toBe('');
    expect(toDecimalAmount(null, 'EUR')).toBe('');
  });
});

describe('formatMoney', () => {
  it.each([
    [1250, 'EUR', 'en-US', '€12.50'],
    [1200, 'EUR', 'en-US', '€12.00'],
    [1250, 'EUR', 'de-DE', '12,50\u00a0€'],
    [1250, 'JPY', 'en-US', '¥1,250'],
    [1250, 'JPY', 'ja-JP', '￥1,250'],
    [1250, 'KWD', 'en-US', 'KWD\u00a01.250'],
    [1250, 'BHD', 'en-US', 'BHD\u00a01.250'],
    [1250, 'CHF', 'de-CH', 'CHF\u00a012.50'],
  ] as const)('%i %s in %s is %s', (minor, currency, locale, text) => {
    expect(formatMoney(minor, currency, locale)).toBe(text);
  });

  it.each([
    [900, 'EUR', '€9'],
    [750, 'EUR', '€7.50'],
    [29000, 'USD', '$290'],
    [0, 'EUR', '€0'],
    [1250, 'JPY', '¥1,250'],
    [1000, 'KWD', 'KWD\u00a01'],
    [1250, 'KWD', 'KWD\u00a01.250'],
  ] as const)('trimWhole: %i %s is %s', (minor, currency, text) => {
    expect(formatMoney(minor, currency, 'en-US', { trimWhole: true })).toBe(text);
  });

  it('falls back to the plain amount and code for an unknown currency', () => {
    expect(formatMoney(1250, 'XX1', 'en-US')).toBe('12.50 XX1');
  });
});

describe('properties', () => {
  const currency = fc.constantFrom('EUR', 'JPY', 'KWD', 'CLF', 'CHF');
  it('parses what it writes back to the same minor units', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000_000 }), currency, (minor, code) => parseMoney(toDecimalAmount(minor, code), code) === minor),
      { seed },
    );
  });

  it("formats every amount with exactly the currency's decimals", () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000_000 }), currency, (minor, code) => {
        const digits = currencyExponent(code);
        const text = formatMoney(minor, code, 'en-US');
        const decimals = /\.(\d+)/.exec(text)?.[1]?.length ?? 0;
        return decimals === digits;
      }),
      { seed },
    );
  });

  // Every currency the runtime knows, in every language the staff app and the guest page ship.
  const everyCurrency = fc.constantFrom(...Intl.supportedValuesOf('currency'));
  const shippedLocale = fc.constantFrom(...new Set([...STAFF_LANGUAGES, ...GUEST_CHROME_LANGUAGES, 'de-CH', 'en-IN', 'fr-CH']));

  it('reads back what a price field shows, for every ISO currency in every shipped locale', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000_000 }), everyCurrency, shippedLocale, (minor, code, locale) => {
        return parseMoney(moneyInputText(minor, code, locale), code) === minor;
      }),
      { seed, numRuns: 2000 },
    );
  });

  it('shows every ISO currency with exactly its ISO decimals in every shipped locale', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000_000 }), everyCurrency, shippedLocale, (minor, code, locale) => {
        // The mark the locale writes in prices (fr-CH: "12.50 CHF" although numbers are "1,5").
        const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).formatToParts(1.5);
        const mark = parts.find((p) => p.type === 'decimal')?.value ?? decimalMark(locale);
        const text = formatMoney(minor, code, locale);
        const fraction = text.includes(mark) ? (text.slice(text.lastIndexOf(mark) + 1).match(/^\d+/)?.[0] ?? '') : '';
        return fraction.length === currencyExponent(code);
      }),
      { seed, numRuns: 2000 },
    );
  });
});

describe('moneyInputText', () => {
  it.each([
    [1250, 'EUR', 'en', '12.50'],
    [1250, 'EUR', 'de', '12,50'],
    [1250, 'EUR', 'fr', '12,50'],
    [123456, 'EUR', 'de', '1234,56'],
    [1200, 'JPY', 'de', '1200'],
    [1250, 'KWD', 'de', '1,250'],
    [1250, 'KWD', 'en', '1.250'],
    [1250, 'EUR', undefined, '12.50'],
    [null, 'EUR', 'de', ''],
  ] as const)('%s %s in %s is %s', (minor, currency, locale, text) => {
    expect(moneyInputText(minor, currency, locale)).toBe(text);
  });
});
