import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loadConfig } from '../config.ts';
import { defaultSettings } from './settings.ts';
import { fieldErrorsOf, settingsSchema } from './settings-schema.ts';

const defaults = defaultSettings(loadConfig({ APP_SECRET: 'x'.repeat(32) }));
const schema = settingsSchema(defaults);

function errorsOf(input: unknown): Record<string, unknown> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return fieldErrorsOf(result.error as z.ZodError);
}

describe('settings schema', () => {
  it('produces the defaults from nothing, and fills what a partial value leaves out', () => {
    expect(schema.parse({})).toEqual(defaults);
    const parsed = schema.parse({ logs: { logIP: false } });
    expect(parsed.logs).toEqual({ ...defaults.logs, logIP: false });
    expect(parsed.meta).toEqual(defaults.meta);
  });

  it('never hands out the defaults object itself', () => {
    const parsed = schema.parse({});
    parsed.trustedProxy.headers.push('X-Mutated');
    expect(schema.parse({}).trustedProxy.headers).toEqual(defaults.trustedProxy.headers);
  });

  it('drops unknown keys', () => {
    expect(schema.parse({ meta: { nope: 1 }, unknown: { x: 1 } } as unknown)).toEqual(defaults);
  });

  it.each([
    ['a wrong type', { smtp: { port: '25' } }, { smtp: { port: { code: 'validation_invalid_value', message: 'Invalid value.' } } }],
    ['a section that is no object', { meta: 'x' }, { meta: { code: 'validation_invalid_value' } }],
    ['a fraction where an integer belongs', { logs: { maxDays: 1.5 } }, { logs: { maxDays: { code: 'validation_invalid_value' } } }],
    ['a blank app name', { meta: { appName: ' ' } }, { meta: { appName: { code: 'validation_required', message: 'Cannot be blank.' } } }],
    [
      'a number out of range',
      { logs: { maxDays: -1 } },
      {
        logs: {
          maxDays: { code: 'validation_min_greater_equal_than_required', message: 'Must be no less than 0.', params: { threshold: 0 } },
        },
      },
    ],
    ['an invalid cron', { backups: { cron: 'every day' } }, { backups: { cron: { code: 'validation_invalid_cron' } } }],
    ['a host required only while SMTP is on', { smtp: { enabled: true, host: '' } }, { smtp: { host: { code: 'validation_required' } } }],
    [
      'batch limits required while batch is on',
      { batch: { enabled: true, maxRequests: 0 } },
      { batch: { maxRequests: { code: 'validation_required' } } },
    ],
    [
      'a rate limit rule, field by field',
      { rateLimits: { rules: [{ audience: '@everyone', duration: 0, maxRequests: 1 }] } },
      {
        rateLimits: {
          rules: {
            0: {
              label: { code: 'validation_required' },
              audience: { code: 'validation_in_invalid' },
              duration: { code: 'validation_min_greater_equal_than_required' },
            },
          },
        },
      },
    ],
    [
      'a proxy header, by position',
      { trustedProxy: { headers: ['X-Real-IP', 'X Real IP'] } },
      { trustedProxy: { headers: { 1: { code: 'validation_match_invalid' } } } },
    ],
    [
      'a header list of another type',
      { trustedProxy: { headers: [1] } },
      { trustedProxy: { headers: { code: 'validation_invalid_value' } } },
    ],
  ])('reports %s', (_name, input, expected) => {
    expect(errorsOf(input)).toMatchObject(expected);
  });

  it('accepts SMTP details only checked while SMTP is on', () => {
    expect(errorsOf({ smtp: { enabled: false, host: '' } })).toEqual({});
  });
});
