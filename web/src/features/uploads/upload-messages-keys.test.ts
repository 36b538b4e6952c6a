import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../../../shared/upload-messages.ts';

const locales = path.resolve(import.meta.dirname, '..', '..', 'locales');

describe('upload messages', () => {
  it('has a wording of every server upload message in every shipped language', () => {
    for (const lang of readdirSync(locales)) {
      const file = path.join(locales, lang, 'uploads.json');
      const serverErrors = (JSON.parse(readFileSync(file, 'utf8')) as { serverErrors: Record<string, unknown> }).serverErrors;
      for (const name of Object.keys(UPLOAD_MESSAGES)) {
        const forms = Object.keys(serverErrors).filter((k) => k === name || k.startsWith(`${name}_`));
        expect(forms, `${lang}: uploads:serverErrors.${name}`).not.toEqual([]);
      }
    }
  });
});
