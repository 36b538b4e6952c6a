import { describe, expect, it } from 'vitest';
import { fingerprint, nextTranslations, readTranslations, sourceTexts, zTranslationsInput } from '../../../../shared/translations.ts';
import { toItem, toMenu, toSection, toTag } from './types.ts';
import { machineCandidates, matchesFilter, menuTexts, translationBlocks, type MenuTexts } from './translation-rows.ts';
import { fieldWrite, nextTranslationsValue } from '../../lib/translation-write.ts';

const rec = { collectionId: 'c', collectionName: 'x' };
const data: MenuTexts = {
  menu: toMenu({ ...rec, id: 'menu1', name: 'Lunch', description: '', languages: ['en', 'de'], translations: { de: { name: 'Mittag' } } }),
  sections: [
    toSection({ ...rec, id: 'sec2', menu: 'menu1', name: 'Mains', position: 1 }),
    toSection({ ...rec, id: 'sec1', menu: 'menu1', name: 'Soups', description: 'Hot', position: 0 }),
  ],
  items: [
    toItem({
      ...rec,
      id: 'item2',
      section: 'sec1',
      name: 'Broth',
      position: 1,
      prices: [{ label: 'cup', amount: 300 }],
      tags: ['t1'],
      translations: { de: { name: { text: 'Brühe', machine: true, basis: fingerprint('Broth') } } },
    }),
    toItem({
      ...rec,
      id: 'item1',
      section: 'sec1',
      name: 'Pumpkin soup',
      description: 'Ginger',
      position: 0,
      prices: [{ label: '', amount: 650 }],
      translations: { de: { name: { text: 'Kürbissuppe', basis: fingerprint('Squash soup') } } },
    }),
    toItem({ ...rec, id: 'item3', section: 'sec2', name: 'Schnitzel', position: 0, prices: [{ label: '', amount: 1800 }] }),
  ],
  tags: [toTag({ ...rec, id: 't1', name: 'Vegan' }), toTag({ ...rec, id: 't2', name: 'Unused' })],
};

describe('translation view rows', () => {
  it('lists the menu, then each section with its items in position order, then the tags in use', () => {
    const blocks = translationBlocks(data, 'de');
    expect(blocks.map((b) => [b.anchor, b.rows.map((r) => r.key)])).toEqual([
      ['menu-menu1', ['name']],
      ['section-sec1', ['name', 'description']],
      ['item-item1', ['name', 'description']],
      ['item-item2', ['name', 'prices.0']],
      ['section-sec2', ['name']],
      ['item-item3', ['name']],
      ['tags', ['name']],
    ]);
    expect(
      blocks
        .flatMap((b) => b.rows)
        .filter((r) => r.multiline)
        .map((r) => r.id),
    ).toEqual(['sections:sec1:description', 'items:item1:description']);
    // Every text the view lists is one the progress counts.
    expect(menuTexts(data)).toHaveLength(blocks.flatMap((b) => b.rows).length);
  });

  it('gives each row its state and filters by it; outdated drafts go to the machine', () => {
    const rows = translationBlocks(data, 'de').flatMap((b) => b.rows);
    const state = (id: string) => rows.find((r) => r.id === id)?.state;
    expect(state('menus:menu1:name')).toBe('done');
    expect(state('items:item1:name')).toBe('outdated');
    expect(state('items:item2:name')).toBe('machine');
    expect(state('items:item2:prices.0')).toBe('missing');
    expect(rows.filter((r) => matchesFilter(r, 'machine')).map((r) => r.id)).toEqual(['items:item2:name']);
    expect(rows.filter((r) => matchesFilter(r, 'outdated')).map((r) => r.id)).toEqual(['items:item1:name']);
    expect(rows.filter((r) => matchesFilter(r, 'missing'))).toHaveLength(7);
    // Missing ones only: the outdated text is a person's, the fitting draft waits for review.
    expect(machineCandidates(translationBlocks(data, 'de'))).toBe(7);
  });
});

describe('translation writes', () => {
  const menu = data.menu.translations;
  const item1 = data.items[1]!;
  const item2 = data.items[0]!;

  it('sends a typed text as a person’s string and every other entry as it was', () => {
    const next = nextTranslationsValue(item2.translations, 'de', 'prices.0', { kind: 'text', text: ' Tasse ' });
    expect(next).toEqual({ de: { name: { text: 'Brühe', machine: true, basis: fingerprint('Broth') }, 'prices.0': 'Tasse' } });
    expect(zTranslationsInput.safeParse(next).success).toBe(true);
    expect(nextTranslationsValue(menu, 'fr', 'name', { kind: 'text', text: 'Déjeuner' })).toEqual({
      de: { name: 'Mittag' },
      fr: { name: 'Déjeuner' },
    });
  });

  it('removes a cleared text and changes nothing for the same text', () => {
    expect(nextTranslationsValue(menu, 'de', 'name', { kind: 'text', text: '  ' })).toEqual({});
    expect(nextTranslationsValue(menu, 'de', 'name', { kind: 'text', text: 'Mittag ' })).toBeNull();
  });

  it('confirms an unchanged draft or outdated text; the server then stores it as done', () => {
    expect(fieldWrite('Brühe', item2.translations.de?.name, 'Broth')).toEqual({ kind: 'confirm', source: 'Broth' });
    expect(fieldWrite('Kürbissuppe', item1.translations.de?.name, 'Pumpkin soup')).toEqual({ kind: 'confirm', source: 'Pumpkin soup' });
    expect(fieldWrite('Mittag', menu.de?.name, 'Lunch')).toBeNull();
    expect(fieldWrite('', undefined, 'Lunch')).toBeNull();
    expect(fieldWrite('Mahlzeit', menu.de?.name, 'Lunch')).toEqual({ kind: 'text', text: 'Mahlzeit' });

    // What the server makes of it (the kernel's nextTranslations), for both kinds of confirmation.
    for (const [item, confirmed] of [
      [item2, 'Brühe'],
      [item1, 'Kürbissuppe'],
    ] as const) {
      const sources = sourceTexts('items', item);
      const sent = nextTranslationsValue(item.translations, 'de', 'name', { kind: 'confirm', source: item.name });
      const stored = nextTranslations(zTranslationsInput.parse(sent), item.translations, sources, sources);
      expect(readTranslations(stored).de?.name).toEqual({ text: confirmed, basis: fingerprint(item.name) });
    }
    expect(nextTranslationsValue(menu, 'de', 'name', { kind: 'confirm', source: 'Lunch' })).toBeNull();
  });
});
