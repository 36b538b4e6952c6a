import { describe, expect, it } from 'vitest';
import { fingerprint, nextTranslations, readTranslations, sourceTexts, zTranslationsInput } from '../../../../shared/translations.ts';
import { toItem, toMenu, toSection, toTag } from './types.ts';
import { toOption, toOptionGroup } from './option-data.ts';
import { toSetCourse } from './use-set-courses.ts';
import {
  fieldLabel,
  machineCandidates,
  matchesFilter,
  menuTexts,
  translationBlocks,
  type FieldLabels,
  type MenuTexts,
} from './translation-rows.ts';
import { withSaved } from './use-translation-saves.ts';
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
  optionGroups: [],
  courses: [],
};

/** The same menu with option groups (one shared by two items, one unused) and a set menu with courses. */
const options = [
  toOption({ ...rec, id: 'o2', group: 'g1', name: 'Bacon', position: 1 }),
  toOption({ ...rec, id: 'o1', group: 'g1', name: 'Cheese', position: 0, translations: { de: { name: 'Käse' } } }),
  toOption({ ...rec, id: 'o3', group: 'g2', name: 'Fries', position: 0 }),
  toOption({ ...rec, id: 'o4', group: 'g3', name: 'Nobody picks me', position: 0 }),
];
const withExtras: MenuTexts = {
  ...data,
  items: [
    ...data.items.map((i) =>
      i.id === 'item2' ? { ...i, optionGroups: ['g1'] } : i.id === 'item3' ? { ...i, optionGroups: ['g2', 'g1', 'gone'] } : i,
    ),
    toItem({ ...rec, id: 'item4', section: 'sec2', kind: 'set', name: 'Lunch menu', position: 1, prices: [{ label: '', amount: 1490 }] }),
  ],
  optionGroups: [
    toOptionGroup({ ...rec, id: 'g2', organization: 'org1', name: 'Sides' }, options),
    toOptionGroup({ ...rec, id: 'g1', organization: 'org1', name: 'Extras', description: 'As many as you like' }, options),
    toOptionGroup({ ...rec, id: 'g3', organization: 'org1', name: 'Unused' }, options),
  ],
  courses: [
    toSetCourse({ ...rec, id: 'c2', item: 'item4', name: 'Main', position: 1 }),
    toSetCourse({ ...rec, id: 'c1', item: 'item4', name: 'Starter', description: 'Soup of the day', position: 0 }),
    // A course left on a dish (it was a set once): guests never see it, so it is not translated.
    toSetCourse({ ...rec, id: 'c3', item: 'item3', name: 'Dessert', position: 0 }),
  ],
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

describe('option groups and set menu courses in the view', () => {
  const blocks = translationBlocks(withExtras, 'de');
  const ids = (kind: string) => blocks.filter((b) => b.kind === kind).map((b) => [b.anchor, b.rows.map((r) => r.id)]);

  it('lists a set’s courses in its item’s block, after the item’s own texts, in position order', () => {
    expect(ids('item').slice(-2)).toEqual([
      ['item-item3', ['items:item3:name']],
      ['item-item4', ['items:item4:name', 'set_courses:c1:name', 'set_courses:c1:description', 'set_courses:c2:name']],
    ]);
  });

  it('gives each used option group one block after the sections: its texts, then its options in position order', () => {
    expect(blocks.map((b) => b.kind)).toEqual(['menu', 'section', 'item', 'item', 'section', 'item', 'item', 'group', 'group', 'tags']);
    // Extras is used by the broth first (section Soups comes first), then by the schnitzel: listed once.
    expect(ids('group')).toEqual([
      ['group-g1', ['option_groups:g1:name', 'option_groups:g1:description', 'options:o1:name', 'options:o2:name']],
      ['group-g2', ['option_groups:g2:name', 'options:o3:name']],
    ]);
    expect(blocks.find((b) => b.kind === 'group')?.title).toBe('Extras');
    const cheese = blocks.flatMap((b) => b.rows).find((r) => r.id === 'options:o1:name');
    expect(cheese?.state).toBe('done');
    expect(blocks.flatMap((b) => b.rows).find((r) => r.id === 'option_groups:g1:description')?.multiline).toBe(true);
  });

  it('counts for progress exactly the texts it lists (the guest page counts the same ones)', () => {
    const rows = blocks.flatMap((b) => b.rows).map((r) => `${r.collection}:${r.id.split(':')[1]}:${r.key}`);
    expect(
      menuTexts(withExtras)
        .map((t) => `${t.collection}:${t.id}:${t.key}`)
        .sort(),
    ).toEqual([...rows].sort());
    // Missing: 7 of before, the set's name and three course texts, the groups' three texts and two options.
    expect(machineCandidates(blocks)).toBe(7 + 4 + 3 + 2);
  });

  it('labels option and course fields', () => {
    const labels: FieldLabels = {
      name: 'Name',
      description: 'Description',
      address: 'Address',
      tag: 'Tag',
      priceLabel: (n) => `Price label ${n}`,
      portion: 'Portion',
      option: (n) => `Option ${n}`,
      course: (n) => `Course ${n}`,
      courseText: (n) => `Course text ${n}`,
    };
    const rows = blocks.flatMap((b) => b.rows);
    const labelOf = (id: string) =>
      fieldLabel(
        rows.find((r) => r.id === id)!,
        labels,
      );
    expect(labelOf('options:o1:name')).toBe('Option 1');
    expect(labelOf('options:o2:name')).toBe('Option 2');
    expect(labelOf('options:o3:name')).toBe('Option 1');
    expect(labelOf('set_courses:c1:name')).toBe('Course 1');
    expect(labelOf('set_courses:c1:description')).toBe('Course text 1');
    expect(labelOf('set_courses:c2:name')).toBe('Course 2');
    const label = (collection: Parameters<typeof fieldLabel>[0]['collection'], key: string) => fieldLabel({ collection, key }, labels);
    expect(label('option_groups', 'name')).toBe('Name');
    expect(label('option_groups', 'description')).toBe('Description');
    expect(label('items', 'nutrition.portion')).toBe('Portion');
  });

  it('puts a saved option into its group (in place), a saved group keeps its options, a saved course replaces its course', () => {
    const saved = withSaved(withExtras, 'options', {
      ...rec,
      id: 'o2',
      group: 'g1',
      name: 'Bacon',
      position: 1,
      translations: { de: { name: 'Speck' } },
    });
    const extras = saved?.optionGroups.find((g) => g.id === 'g1');
    expect(extras?.options.map((o) => [o.id, o.translations.de?.name?.text])).toEqual([
      ['o1', 'Käse'],
      ['o2', 'Speck'],
    ]);
    const group = withSaved(saved, 'option_groups', { ...rec, id: 'g1', name: 'Extras', translations: { de: { name: 'Extras' } } });
    expect(group?.optionGroups.find((g) => g.id === 'g1')?.options.map((o) => o.id)).toEqual(['o1', 'o2']);
    expect(group?.optionGroups.find((g) => g.id === 'g1')?.translations.de?.name?.text).toBe('Extras');
    const course = withSaved(withExtras, 'set_courses', {
      ...rec,
      id: 'c1',
      item: 'item4',
      name: 'Starter',
      translations: { de: { name: 'Vorspeise' } },
    });
    expect(course?.courses.find((c) => c.id === 'c1')?.translations.de?.name?.text).toBe('Vorspeise');
    expect(
      translationBlocks(course!, 'de')
        .flatMap((b) => b.rows)
        .find((r) => r.id === 'set_courses:c1:name')?.state,
    ).toBe('done');
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
