import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MACHINE_TRANSLATION_ERROR_REASONS } from '../../../shared/api.ts';

const locales = path.resolve(import.meta.dirname, '..', 'locales');

describe('machine translation failures', () => {
  it('has a wording of every provider failure reason in every shipped language', () => {
    for (const lang of readdirSync(locales)) {
      const common = JSON.parse(readFileSync(path.join(locales, lang, 'common.json'), 'utf8')) as {
        api: { machineTranslation: Record<string, string> };
      };
      for (const reason of MACHINE_TRANSLATION_ERROR_REASONS) {
        expect(common.api.machineTranslation[reason], `${lang}: common:api.machineTranslation.${reason}`).toMatch(/\{\{provider\}\}/);
      }
    }
  });
});
