import { describe, expect, it } from 'vitest';
import { formatMoney, fractionDigits, parseMoney, toMoneyInput } from './money.ts';

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
    [''], ['   '], ['abc'], ['-5'], ['12.5055'], ['12,50,5'], ['1,2,3'], ['12..5'], ['1.234.56'], ['1,23.45'], [','], ['1.2.3,4'], ['12a'],
  ])('EUR %j is not an amount', (input) => {
    expect(parseMoney(input, 'EUR')).toBeNull();
  });

  it('follows the currency’s minor units', () => {
    expect(fractionDigits('JPY')).toBe(0);
    expect(parseMoney('1250', 'JPY')).toBe(1250);
    expect(parseMoney('1,250', 'JPY')).toBe(1250);
    expect(parseMoney('12.5', 'JPY')).toBeNull();
    expect(fractionDigits('KWD')).toBe(3);
    expect(parseMoney('1.250', 'KWD')).toBe(1250);
    expect(parseMoney('1,5', 'KWD')).toBe(1500);
    expect(parseMoney('12.50', undefined)).toBe(1250);
    expect(parseMoney('12.50', 'NOT-A-CODE')).toBe(1250);
  });
});

describe('toMoneyInput', () => {
  it.each([
    [1250, 'EUR', '12.50'],
    [5, 'EUR', '0.05'],
    [0, 'EUR', '0.00'],
    [1250, 'JPY', '1250'],
    [1250, 'KWD', '1.250'],
  ] as const)('%i %s -> %s', (minor, currency, text) => {
    expect(toMoneyInput(minor, currency)).toBe(text);
    expect(parseMoney(text, currency)).toBe(minor);
  });

  it('is empty for nothing', () => {
    expect(toMoneyInput(undefined, 'EUR')).toBe('');
    expect(toMoneyInput(null, 'EUR')).toBe('');
  });
});

describe('formatMoney', () => {
  it('formats minor units in the locale', () => {
    expect(formatMoney(1250, 'EUR', 'en-US')).toBe('€12.50');
    expect(formatMoney(1250, 'EUR', 'de-DE')).toBe('12,50\u00a0€');
    expect(formatMoney(1250, 'JPY', 'en-US')).toBe('¥1,250');
  });
});
