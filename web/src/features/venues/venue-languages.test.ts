import { describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { fingerprint, readTranslations } from '../../../../shared/translations.ts';
import { applyWrites } from '../../lib/translation-write.ts';
import { venueLanguages } from './venue-languages.ts';

const menu = (id: string, languages: unknown): RecordModel => ({ id, collectionId: 'c', collectionName: 'menus', languages });

describe('venueLanguages', () => {
  it('takes the first menu’s default as the source and every other language of its menus as targets', () => {
    const menus = [menu('m1', ['de', 'en']), menu('m2', ['en', 'fr', 'de']), menu('m3', ['it'])];
    expect(venueLanguages(['m1', 'm2'], menus)).toEqual({ source: 'de', targets: ['en', 'fr'] });
    expect(venueLanguages(['m3'], menus)).toEqual({ source: 'it', targets: [] });
    expect(venueLanguages([], menus)).toEqual({ source: 'en', targets: [] });
    expect(venueLanguages(['m1'], undefined)).toEqual({ source: 'en', targets: [] });
  });
});

describe('applyWrites', () => {
  it('applies several field writes to one record and keeps what it does not touch', () => {
    const current = readTranslations({
      de: { name: { text: 'Lindwurm', basis: fingerprint('Old name') }, address: 'Hauptplatz 1' },
      fr: { name: { text: 'Le Lindwurm', machine: true, basis: fingerprint('Lindwurm') } },
    });
    expect(
      applyWrites(current, [
        { lang: 'de', key: 'name', write: { kind: 'confirm', source: 'Lindwurm' } },
        { lang: 'de', key: 'address', write: { kind: 'text', text: '' } },
        { lang: 'it', key: 'name', write: { kind: 'text', text: 'Il Lindwurm' } },
      ]),
    ).toEqual({
      de: { name: { text: 'Lindwurm', basis: fingerprint('Lindwurm') } },
      fr: { name: { text: 'Le Lindwurm', machine: true, basis: fingerprint('Lindwurm') } },
      it: { name: 'Il Lindwurm' },
    });
    expect(applyWrites(current, [{ lang: 'de', key: 'address', write: { kind: 'text', text: 'Hauptplatz 1' } }])).toBeNull();
  });
});
