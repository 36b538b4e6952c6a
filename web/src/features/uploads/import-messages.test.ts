import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../../../shared/upload-messages.ts';
import { i18n } from '../../lib/i18n/i18n.ts';
import { importErrorText, importMessage } from './upload-messages.ts';

const locales = path.resolve(import.meta.dirname, '..', '..', 'locales');
const uploads = (lang: string) => JSON.parse(readFileSync(path.join(locales, lang, 'uploads.json'), 'utf8')) as Record<string, Record<string, string>>;

describe('import refusals', () => {
  beforeAll(async () => {
    // The real German messages, without the app's loader.
    await i18n.init({ lng: 'de', resources: { de: { uploads: uploads('de') } }, ns: ['uploads'], interpolation: { escapeValue: false } });
  });

  it('has a wording of every server import message in every shipped language', () => {
    for (const lang of readdirSync(locales)) {
      const texts = uploads(lang).importErrors ?? {};
      for (const name of Object.keys(IMPORT_MESSAGES)) {
        const forms = Object.keys(texts).filter((k) => k === name || k.startsWith(`${name}_`));
        expect(forms, `${lang}: uploads:importErrors.${name}`).not.toEqual([]);
      }
    }
  });

  it('shows the server’s English refusals in the user’s language, with their details', () => {
    expect(importMessage(IMPORT_MESSAGES.alreadyImported)).toBe('Dieser Upload wurde bereits importiert.');
    const processing = uploads('de').status?.processing;
    expect(processing).toBeTruthy();
    expect(importMessage(IMPORT_MESSAGES.notReady('processing'))).toBe(`Dieser Upload ist noch nicht bereit für den Import (Status: ${processing}).`);
    expect(importMessage(IMPORT_MESSAGES.otherOrganizationMenu)).toBe('Bitte wählen Sie eine Speisekarte dieser Organisation.');
    expect(importMessage(IMPORT_MESSAGES.noItems)).toBe('Der Entwurf enthält keine Gerichte zum Importieren.');
    expect(importMessage(IMPORT_MESSAGES.notAllowed)).toBe('Sie dürfen für diese Organisation keine Speisekarten importieren.');
    expect(importMessage(IMPORT_MESSAGES.currencyUnanswered('USD', 'EUR'))).toBe(
      'Die Preise wurden als USD gelesen, die Währung der Organisation ist EUR. Bitte bestätigen Sie, dass die Beträge als EUR importiert werden, und importieren Sie erneut.',
    );
    // The names the server lists (they may hold dots, quotes and "and N more") come through as they are.
    const names = '"Catch of the Day" (From the Sea), "St. Jacques" (Mains) and 3 more';
    expect(importMessage(IMPORT_MESSAGES.noPrices(5, names))).toBe(
      `5 Gerichte haben keinen Preis: ${names}. Ergänzen Sie jeweils einen Preis, markieren Sie sie als „Preis auf Anfrage“ oder entfernen Sie sie und importieren Sie dann erneut.`,
    );
    expect(importMessage(IMPORT_MESSAGES.noPrices(1, '"Oysters" (Raw Bar)'))).toMatch(/^1 Gericht hat keinen Preis: "Oysters" \(Raw Bar\)\./);
    // An API error as the SDK throws it.
    expect(importErrorText({ status: 409, response: { message: IMPORT_MESSAGES.alreadyImported } })).toBe('Dieser Upload wurde bereits importiert.');
    // Anything else is not an import refusal.
    expect(importMessage('Could not import item "Shakshuka" (Breakfast): An allergen is either contained or may be contained, not both.')).toBeNull();
    expect(importErrorText(new Error('offline'))).toBeNull();
  });
});
