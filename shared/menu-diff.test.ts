import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  defaultSelection,
  diffMenu,
  missingRequirements,
  normalizeName,
  similarity,
  toggleChange,
  type DraftSectionInput,
  type LiveItem,
  type LiveSection,
  type MenuChange,
} from './menu-diff.ts';

const p = (amount: number, label = '') => ({ label, amount });
type DiffItemOf = DraftSectionInput['items'][number];
let next = 0;
const item = (name: string, amount: number, extra: { description?: string; allergens?: string[]; id?: string } = {}) => ({
  id: extra.id ?? `i${++next}`,
  name,
  description: extra.description ?? '',
  prices: [p(amount)],
  allergens: extra.allergens ?? [],
});
const d = (name: string, amount: number, extra: { description?: string; allergens?: string[] } = {}) => ({
  name,
  description: extra.description ?? '',
  prices: [p(amount)],
  allergens: extra.allergens ?? [],
});

/** Changes as short strings, easy to read in a failing test. */
const brief = (changes: MenuChange[]) =>
  changes.map((c) => {
    switch (c.kind) {
      case 'item.rename':
      case 'section.rename':
      case 'item.description':
        return `${c.kind} ${c.from} → ${c.to}`;
      case 'item.price':
        return `${c.kind} ${c.name} ${c.from.prices.map((x) => x.amount).join('/')} → ${c.to.prices.map((x) => x.amount).join('/')}`;
      case 'item.allergens':
      case 'item.diets':
      case 'item.mayContain':
        return `${c.kind} ${c.name} ${c.from.join(',')} → ${c.to.join(',')}`;
      case 'item.order':
      case 'section.order':
        return `${c.kind} ${c.name} ${c.from} → ${c.to}`;
      case 'item.move':
        return `${c.kind} ${c.name} ${c.from} → ${c.to}`;
      default:
        return `${c.kind} ${c.name}`;
    }
  });

const cafe = (): LiveSection[] => [
  {
    id: 'sCoffee',
    name: 'Coffee',
    items: [
      item('Flat white', 380, { id: 'flat' }),
      item('Caffè latte', 420, { id: 'latte', description: 'Double shot, steamed milk', allergens: ['milk'] }),
      item('Cold brew', 450, { id: 'cold', description: 'Steeped for 18 hours' }),
      item('Chai latte', 440, { id: 'chai', allergens: ['milk'] }),
    ],
  },
  {
    id: 'sPastries',
    name: 'Pastries',
    items: [
      item('Butter croissant', 280, { id: 'croissant', allergens: ['gluten', 'milk'] }),
      item('Banana bread', 350, { id: 'banana', allergens: ['gluten'] }),
    ],
  },
];
const cafeDraft = (): DraftSectionInput[] => [
  {
    name: 'Coffee',
    items: [
      d('Flat white', 380),
      d('Caffè latte', 420, { description: 'Double shot, steamed milk', allergens: ['milk'] }),
      d('Cold brew', 450, { description: 'Steeped for 18 hours' }),
      d('Chai latte', 440, { allergens: ['milk'] }),
    ],
  },
  {
    name: 'Pastries',
    items: [d('Butter croissant', 280, { allergens: ['gluten', 'milk'] }), d('Banana bread', 350, { allergens: ['gluten'] })],
  },
];

describe('normalised names', () => {
  it('ignores accents, case, punctuation and spacing', () => {
    expect(normalizeName('  Caffè-Latte!! ')).toBe('caffe latte');
    expect(normalizeName('CRÈME BRÛLÉE')).toBe(normalizeName('creme brulee'));
    expect(normalizeName('Weißbier')).toBe('weissbier');
    expect(similarity('Chai latte', 'Chai tea latte')).toBeGreaterThan(0.6);
    expect(similarity('Banana bread', 'Almond croissant')).toBeLessThan(0.3);
  });
});

describe('diffMenu', () => {
  it('finds nothing when the draft matches, even with accents and case changed', () => {
    const draft = cafeDraft();
    (draft[0] as DraftSectionInput).items[1] = d('CAFFE LATTE', 420, { description: 'double shot – steamed milk', allergens: ['milk'] });
    expect(diffMenu(cafe(), draft)).toEqual([]);
  });

  it('tells added, removed, renamed and repriced items apart', () => {
    const draft = cafeDraft();
    const coffee = draft[0] as DraftSectionInput;
    coffee.items[2] = d('Cold brew coffee', 450, { description: 'Steeped for 18 hours' });
    coffee.items[3] = d('Chai tea latte', 460, { allergens: ['milk'] }); // renamed and repriced
    coffee.items[0] = d('Flat white', 390);
    const pastries = draft[1] as DraftSectionInput;
    pastries.items = [
      d('Butter croissant', 280, { allergens: ['gluten', 'milk'] }),
      d('Almond croissant', 330, { allergens: ['gluten', 'nuts'] }),
    ];
    const changes = diffMenu(cafe(), draft);
    expect(brief(changes)).toEqual([
      'item.add Almond croissant',
      'item.remove Banana bread',
      'item.rename Cold brew → Cold brew coffee',
      'item.rename Chai latte → Chai tea latte',
      'item.price Flat white 380 → 390',
      'item.price Chai tea latte 440 → 460',
    ]);
    expect(changes.map((c) => c.key)).toEqual([
      'item.add:d1.1',
      'item.remove:banana',
      'item.rename:cold',
      'item.rename:chai',
      'item.price:flat',
      'item.price:chai',
    ]);
    const add = changes[0] as Extract<MenuChange, { kind: 'item.add' }>;
    expect(add).toMatchObject({
      sectionId: 'sPastries',
      requires: [],
      section: 'Pastries',
      to: { prices: [p(330)], priceOnRequest: false },
    });
    // The same inputs give the same keys.
    expect(diffMenu(cafe(), draft).map((c) => c.key)).toEqual(changes.map((c) => c.key));
  });

  it('keeps swapped prices on their items', () => {
    const draft = cafeDraft();
    const coffee = draft[0] as DraftSectionInput;
    coffee.items[2] = d('Cold brew', 440, { description: 'Steeped for 18 hours' });
    coffee.items[3] = d('Chai latte', 450, { allergens: ['milk'] });
    expect(brief(diffMenu(cafe(), draft))).toEqual(['item.price Cold brew 450 → 440', 'item.price Chai latte 440 → 450']);
  });

  it('keeps two items of the same name in different sections apart, and moves one', () => {
    const live: LiveSection[] = [
      { id: 'a', name: 'Coffee', items: [item('Espresso', 250, { id: 'e1' }), item('Cappuccino', 350, { id: 'c1' })] },
      {
        id: 'b',
        name: 'Desserts',
        items: [item('Espresso', 600, { id: 'e2', description: 'with a scoop of ice cream' }), item('Tiramisu', 650, { id: 't' })],
      },
      { id: 'c', name: 'Cakes', items: [item('Cheesecake', 550, { id: 'cc' })] },
    ];
    const draft: DraftSectionInput[] = [
      { name: 'Coffee', items: [d('Espresso', 260), d('Cappuccino', 350)] },
      {
        name: 'Desserts',
        items: [d('Espresso', 600, { description: 'with a scoop of ice cream' }), d('Tiramisu', 650), d('Cheesecake', 550)],
      },
    ];
    const changes = diffMenu(live, draft);
    expect(brief(changes)).toEqual(['item.price Espresso 250 → 260', 'item.move Cheesecake Cakes → Desserts', 'section.remove Cakes']);
    expect(changes.find((c) => c.kind === 'item.price')).toMatchObject({ itemId: 'e1' });
    // Removing Cakes needs the move first (else the cheesecake goes with it); it holds no item of its own.
    expect(changes.find((c) => c.kind === 'section.remove')).toMatchObject({ requires: ['item.move:cc'], items: 0 });
    expect(missingRequirements(changes, ['section.remove:c'])).toEqual(['item.move:cc']);
  });

  it('does not call a different dish at the same place with the same price a rename', () => {
    const live: LiveSection[] = [
      { id: 's', name: 'Mains', items: [item('Burger', 1400, { id: 'b' }), item('Fish and chips', 1500, { id: 'f' })] },
    ];
    const draft: DraftSectionInput[] = [{ name: 'Mains', items: [d('Burger', 1400), d('Risotto', 1500)] }];
    expect(brief(diffMenu(live, draft))).toEqual(['item.add Risotto', 'item.remove Fish and chips']);
  });

  it('takes a rename from the description when the new name is unrelated', () => {
    const live: LiveSection[] = [
      {
        id: 's',
        name: 'Mains',
        items: [item('House burger', 1400, { id: 'b', description: 'Beef patty, cheddar, pickles, brioche bun' })],
      },
    ];
    const draft: DraftSectionInput[] = [
      { name: 'Mains', items: [d('The Big Smoke', 1400, { description: 'Beef patty, cheddar, pickles, brioche bun' })] },
    ];
    expect(brief(diffMenu(live, draft))).toEqual(['item.rename House burger → The Big Smoke']);
  });

  it('pairs the closest names when two items of a section are renamed', () => {
    const live: LiveSection[] = [
      { id: 's', name: 'Pizza', items: [item('Margherita', 900, { id: 'm' }), item('Diavola', 1100, { id: 'dv' })] },
    ];
    const draft: DraftSectionInput[] = [{ name: 'Pizza', items: [d('Pizza Diavola', 1150), d('Pizza Margherita', 950)] }];
    const changes = diffMenu(live, draft);
    expect(changes.filter((c) => c.kind === 'item.rename').map((c) => [c.key, c.name])).toEqual([
      ['item.rename:m', 'Pizza Margherita'],
      ['item.rename:dv', 'Pizza Diavola'],
    ]);
    expect(brief(changes.filter((c) => c.kind === 'item.price'))).toEqual([
      'item.price Pizza Margherita 900 → 950',
      'item.price Pizza Diavola 1100 → 1150',
    ]);
  });

  it('renames a section whose items stayed, and adds one whose items are new', () => {
    const draft = cafeDraft();
    (draft[1] as DraftSectionInput).name = 'Bakery';
    draft.push({ name: 'Breakfast', items: [d('Granola bowl', 790), d('Shakshuka', 1190)] });
    const changes = diffMenu(cafe(), draft);
    expect(brief(changes)).toEqual([
      'item.add Granola bowl',
      'item.add Shakshuka',
      'section.add Breakfast',
      'section.rename Pastries → Bakery',
    ]);
    expect(changes[0]).toMatchObject({ sectionId: null, requires: ['section.add:d2'] });
  });

  it('moves an item into a new section only together with the section', () => {
    const live = cafe();
    const draft = cafeDraft();
    const coffee = draft[0] as DraftSectionInput;
    const [chai] = coffee.items.splice(3, 1);
    draft.push({ name: 'Tea', items: [chai as (typeof coffee.items)[number], d('Green tea', 300)] });
    const changes = diffMenu(live, draft);
    expect(brief(changes)).toEqual(['item.add Green tea', 'item.move Chai latte Coffee → Tea', 'section.add Tea']);
    expect(changes.find((c) => c.kind === 'item.move')).toMatchObject({ sectionId: null, requires: ['section.add:d2'] });
    // Selecting the move selects the section; unselecting the section drops the move and the new item.
    const on = toggleChange(changes, new Set(), 'item.move:chai', true);
    expect([...on].sort()).toEqual(['item.move:chai', 'section.add:d2']);
    const off = toggleChange(changes, new Set(changes.map((c) => c.key)), 'section.add:d2', false);
    expect([...off]).toEqual([]);
  });

  it('compares allergens only when the PDF prints them, and never drops a price or a description it did not read', () => {
    const draft = cafeDraft().map((s) => ({ ...s, items: s.items.map((i) => ({ ...i, allergens: [], description: '' })) }));
    const coffee = draft[0] as DraftSectionInput;
    coffee.items[0] = { name: 'Flat white', prices: [], description: '', allergens: [] };
    expect(diffMenu(cafe(), draft)).toEqual([]);

    const withAllergens = cafeDraft();
    (withAllergens[1] as DraftSectionInput).items[0] = d('Butter croissant', 280, { allergens: ['gluten', 'milk', 'eggs'] });
    ((withAllergens[0] as DraftSectionInput).items[1] as { description: string }).description = 'Double shot, oat milk';
    // The cold brew's description is not printed any more: the menu keeps it.
    ((withAllergens[0] as DraftSectionInput).items[2] as { description: string }).description = '';
    expect(brief(diffMenu(cafe(), withAllergens))).toEqual([
      'item.description Double shot, steamed milk → Double shot, oat milk',
      'item.allergens Butter croissant gluten,milk → gluten,milk,eggs',
    ]);
  });

  it('reads variants and "price on request" as prices', () => {
    const live: LiveSection[] = [
      {
        id: 's',
        name: 'Wine',
        items: [
          { id: 'w', name: 'Rioja', prices: [p(600, 'Glass'), p(2800, 'Bottle')] },
          { id: 'o', name: 'Oysters', prices: [p(1800)] },
        ],
      },
    ];
    const draft: DraftSectionInput[] = [
      {
        name: 'Wine',
        items: [
          { name: 'Rioja', prices: [p(650, 'glass'), p(2800, 'BOTTLE')] },
          { name: 'Oysters', prices: [], priceOnRequest: true },
        ],
      },
    ];
    const changes = diffMenu(live, draft);
    expect(brief(changes)).toEqual(['item.price Rioja 600/2800 → 650/2800', 'item.price Oysters 1800 → ']);
    expect(changes[1]).toMatchObject({ to: { prices: [], priceOnRequest: true } });
    // Labels differing only in case are the same variant.
    (draft[0] as DraftSectionInput).items[0] = { name: 'Rioja', prices: [p(600, 'glass'), p(2800, 'bottle')] };
    expect(brief(diffMenu(live, draft))).toEqual(['item.price Oysters 1800 → ']);
  });

  it('selects everything but removals by default, with what they require', () => {
    const draft = cafeDraft();
    (draft[1] as DraftSectionInput).items.pop();
    draft.push({ name: 'Tea', items: [d('Green tea', 300)] });
    const changes = diffMenu(cafe(), draft);
    expect([...defaultSelection(changes)].sort()).toEqual(['item.add:d2.0', 'section.add:d2']);
    expect(missingRequirements(changes, ['item.add:d2.0'])).toEqual(['section.add:d2']);
  });
});

describe('the default selection', () => {
  it('leaves a new item without a price unchecked', () => {
    const draft = cafeDraft();
    (draft[1] as DraftSectionInput).items.push({ name: 'Almond croissant', prices: [], allergens: ['gluten'] });
    const changes = diffMenu(cafe(), draft);
    expect(brief(changes)).toEqual(['item.add Almond croissant']);
    expect([...defaultSelection(changes)]).toEqual([]);
  });
});

describe('renamed items that also moved', () => {
  const live = (): LiveSection[] => [
    {
      id: 'sMains',
      name: 'Mains',
      items: [
        item('Burger', 1400, { id: 'burger' }),
        item('Grilled salmon', 2200, { id: 'salmon', description: 'Lemon butter, new potatoes', allergens: ['fish', 'milk'] }),
        item('Risotto', 1600, { id: 'risotto' }),
      ],
    },
    { id: 'sSpecials', name: 'Specials', items: [item('Soup of the day', 700, { id: 'soup' })] },
  ];

  it('matches a renamed item in another section as one item (rename + move), keeping its id', () => {
    const draft: DraftSectionInput[] = [
      { name: 'Mains', items: [d('Burger', 1400), d('Risotto', 1600)] },
      {
        name: 'Specials',
        items: [
          d('Soup of the day', 700),
          d('Grilled salmon fillet', 2200, { description: 'Lemon butter, new potatoes', allergens: ['fish', 'milk'] }),
        ],
      },
    ];
    const changes = diffMenu(live(), draft);
    expect(brief(changes)).toEqual([
      'item.rename Grilled salmon → Grilled salmon fillet',
      'item.move Grilled salmon fillet Mains → Specials',
    ]);
    expect(changes.map((c) => c.key)).toEqual(['item.rename:salmon', 'item.move:salmon']);
  });

  it('leaves ambiguous pairs as removal + addition', () => {
    const base: LiveSection[] = [
      { id: 'a', name: 'Pizza', items: [item('Pizza Margherita', 900, { id: 'm1' }), item('Pizza Marinara', 900, { id: 'm2' })] },
      { id: 'b', name: 'Specials', items: [item('Lasagne', 1300, { id: 'l' })] },
    ];
    // Two pizzas leave for Specials under names that fit both of them equally.
    const draft: DraftSectionInput[] = [
      { name: 'Pizza', items: [] },
      { name: 'Specials', items: [d('Lasagne', 1300), d('Pizza Mari', 900), d('Pizza Marin', 900)] },
    ];
    const changes = diffMenu(
      base,
      draft.filter((s) => s.items.length),
    );
    expect(changes.filter((c) => c.kind === 'item.rename' || c.kind === 'item.move')).toEqual([]);
    expect(changes.filter((c) => c.kind === 'item.add').length).toBe(2);
    expect(changes.filter((c) => c.kind === 'item.remove').length).toBe(2);
  });

  it('does not call an unrelated dish in another section with the same price a move', () => {
    const draft: DraftSectionInput[] = [
      { name: 'Mains', items: [d('Burger', 1400), d('Risotto', 1600)] },
      { name: 'Specials', items: [d('Soup of the day', 700), d('Beef stew', 2200)] },
    ];
    expect(brief(diffMenu(live(), draft))).toEqual(['item.add Beef stew', 'item.remove Grilled salmon']);
  });
});

describe('order', () => {
  it('reports the items and sections that left the draft order, from/to as places', () => {
    const draft = cafeDraft();
    const coffee = draft[0] as DraftSectionInput;
    // Chai latte to the top of the coffee list; pastries before coffee.
    coffee.items.unshift(coffee.items.pop() as DiffItemOf);
    draft.reverse();
    const changes = diffMenu(cafe(), draft);
    expect(brief(changes)).toEqual(['item.order Chai latte 4 → 1', 'section.order Coffee 1 → 2']);
    expect(changes.map((c) => c.key)).toEqual(['item.order:chai', 'section.order:sCoffee']);
    expect([...defaultSelection(changes)].sort()).toEqual(['item.order:chai', 'section.order:sCoffee']);
    // Applied: the draft's order; rejected: the live one.
    const applied = applyChanges(
      cafe(),
      draft,
      changes,
      changes.map((c) => c.key),
    );
    expect(applied.map((s) => s.name)).toEqual(['Pastries', 'Coffee']);
    expect(applied[1]?.items.map((i) => i.id)).toEqual(['chai', 'flat', 'latte', 'cold']);
    const kept = applyChanges(cafe(), draft, changes, ['section.order:sCoffee']);
    expect(kept[1]?.items.map((i) => i.id)).toEqual(['flat', 'latte', 'cold', 'chai']);
  });

  it('matches a renamed item that was also reordered in its section, and reports both', () => {
    const draft = cafeDraft();
    const coffee = draft[0] as DraftSectionInput;
    const cold = coffee.items.splice(2, 1)[0] as DiffItemOf;
    coffee.items.unshift({ ...cold, name: 'Nitro cold brew' });
    const changes = diffMenu(cafe(), draft);
    expect(brief(changes)).toEqual(['item.rename Cold brew → Nitro cold brew', 'item.order Nitro cold brew 3 → 1']);
    const applied = applyChanges(
      cafe(),
      draft,
      changes,
      changes.map((c) => c.key),
    );
    expect(applied[0]?.items.map((i) => [i.id, i.name])).toEqual([
      ['cold', 'Nitro cold brew'],
      ['flat', 'Flat white'],
      ['latte', 'Caffè latte'],
      ['chai', 'Chai latte'],
    ]);
  });

  it('does not call items reordered when others were only added or removed around them', () => {
    const draft = cafeDraft();
    const coffee = draft[0] as DraftSectionInput;
    coffee.items.splice(1, 1);
    coffee.items.unshift(d('Espresso', 250));
    expect(brief(diffMenu(cafe(), draft))).toEqual(['item.add Espresso', 'item.remove Caffè latte']);
    const changes = diffMenu(cafe(), draft);
    // The new item goes to its draft place (first); the removal not accepted keeps the latte where it was.
    const applied = applyChanges(cafe(), draft, changes, ['item.add:d0.0']);
    expect(applied[0]?.items.map((i) => i.id ?? i.name)).toEqual(['Espresso', 'flat', 'latte', 'cold', 'chai']);
  });
});

describe('diets and "may contain"', () => {
  it('compares them like allergens, only when the PDF prints some', () => {
    const live = cafe();
    const [coffee] = live;
    (coffee?.items[0] as LiveItem).diets = ['vegetarian'];
    (coffee?.items[1] as LiveItem).mayContain = ['nuts'];
    // The PDF prints no diets and no traces: nothing to compare.
    expect(diffMenu(live, cafeDraft())).toEqual([]);
    const draft = cafeDraft();
    const items = (draft[0] as DraftSectionInput).items;
    items[0] = { ...(items[0] as DiffItemOf), diets: ['vegetarian', 'vegan'] };
    items[3] = { ...(items[3] as DiffItemOf), mayContain: ['nuts', 'soy'] };
    const changes = diffMenu(live, draft);
    expect(brief(changes)).toEqual([
      'item.diets Flat white vegetarian → vegetarian,vegan',
      'item.mayContain Caffè latte nuts → ',
      'item.mayContain Chai latte  → nuts,soy',
    ]);
    const applied = applyChanges(
      live,
      draft,
      changes,
      changes.map((c) => c.key),
    );
    expect(applied[0]?.items.map((i) => [i.id, i.diets, i.mayContain])).toEqual([
      ['flat', ['vegetarian', 'vegan'], []],
      ['latte', [], []],
      ['cold', [], []],
      ['chai', [], ['nuts', 'soy']],
    ]);
  });

  it('drops a trace that the accepted allergens now contain', () => {
    const live = cafe();
    (live[0]?.items[0] as LiveItem).mayContain = ['nuts'];
    const draft = cafeDraft();
    const items = (draft[0] as DraftSectionInput).items;
    items[0] = { ...(items[0] as DiffItemOf), allergens: ['nuts'] };
    const changes = diffMenu(live, draft);
    expect(brief(changes)).toEqual(['item.allergens Flat white  → nuts']);
    expect(applyChanges(live, draft, changes, ['item.allergens:flat'])[0]?.items[0]).toMatchObject({ allergens: ['nuts'], mayContain: [] });
  });
});

// Property tests: random menus and random new versions of them.
const NAMES = [
  'Espresso',
  'Flat white',
  'Cold brew',
  'Chai latte',
  'Croissant',
  'Banana bread',
  'Burger',
  'Risotto',
  'Tiramisu',
  'Green tea',
  'Lemonade',
  'Salad',
];
const ALLERGEN_KEYS = ['gluten', 'milk', 'eggs', 'nuts', 'soy'];
const DIET_KEYS = ['vegetarian', 'vegan'];
const arbItem = fc.record({
  name: fc.oneof(
    fc.constantFrom(...NAMES),
    fc.constantFrom(...NAMES).map((n) => `${n} special`),
  ),
  description: fc.constantFrom('', 'House made', 'With oat milk', 'Served warm'),
  prices: fc.array(fc.record({ label: fc.constantFrom('', 'Small', 'Large'), amount: fc.integer({ min: 100, max: 3000 }) }), {
    minLength: 1,
    maxLength: 2,
  }),
  allergens: fc.subarray(ALLERGEN_KEYS),
  diets: fc.subarray(DIET_KEYS),
  mayContain: fc.subarray(ALLERGEN_KEYS),
});
const arbMenu = fc.array(
  fc.record({
    name: fc.constantFrom('Coffee', 'Food', 'Drinks', 'Sweets', 'Specials'),
    items: fc.array(arbItem, { minLength: 1, maxLength: 6 }),
  }),
  {
    minLength: 1,
    maxLength: 4,
  },
);
const tidy = (i: DiffItemOf) => ({ ...i, mayContain: (i.mayContain ?? []).filter((a) => !(i.allergens ?? []).includes(a)) });
const asLive = (menu: DraftSectionInput[]): LiveSection[] =>
  menu.map((s, si) => ({ id: `s${si}`, name: s.name, items: s.items.map((i, ii) => ({ ...tidy(i), id: `s${si}i${ii}` })) }));
const asMenu = (planned: ReturnType<typeof applyChanges>): LiveSection[] =>
  planned.map((s, si) => ({
    id: s.id ?? `new${si}`,
    name: s.name,
    items: s.items.map((i, ii) => ({ ...i, id: i.id ?? `new${si}.${ii}` })),
  }));
/** A new version: items shuffled, renamed, repriced, dropped or added; sections reordered. */
const arbVersion = (menu: DraftSectionInput[]) =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 99 })), { minLength: 60, maxLength: 60 }),
      fc.array(arbItem, { minLength: 0, maxLength: 3 }),
      fc.boolean(),
    )
    .map(([edits, extra, reverse]) => {
      let k = 0;
      const next = () => edits[k++ % edits.length] as [number, number];
      const sections = menu.map((s) => ({
        name: s.name,
        items: s.items.flatMap((i): DiffItemOf[] => {
          const [what, n] = next();
          if (what === 0) return [];
          if (what === 1) return [{ ...i, name: `${i.name} deluxe` }];
          if (what === 2) return [{ ...i, prices: [{ label: '', amount: 100 + n }] }];
          if (what === 3) return [{ ...i, allergens: ALLERGEN_KEYS.slice(0, n % 3), diets: DIET_KEYS.slice(0, n % 2) }];
          return [tidy(i)];
        }),
      }));
      for (const [j, extraItem] of extra.entries()) (sections[j % sections.length] as DraftSectionInput).items.splice(j, 0, extraItem);
      // One item leaves the last section for the first one under a longer name.
      const last = sections[sections.length - 1]?.items;
      if (sections.length > 1 && last?.length) {
        const moved = last.pop() as DiffItemOf;
        sections[0]?.items.splice(1, 0, { ...moved, name: `${moved.name} grande` });
      }
      // Swap two items of the first section and maybe reverse the sections.
      const first = sections[0]?.items ?? [];
      if (first.length > 1) first.push(first.shift() as DiffItemOf);
      const out = sections.filter((s) => s.items.length).map((s) => ({ ...s, items: s.items.map(tidy) }));
      return reverse ? out.reverse() : out;
    });

describe('applyChanges (properties)', () => {
  it('accepting every change yields the new menu: diffing again finds nothing, names and order as drafted', () => {
    fc.assert(
      fc.property(
        arbMenu.chain((menu) => fc.tuple(fc.constant(menu), arbVersion(menu))),
        ([menu, version]) => {
          const live = asLive(menu);
          const changes = diffMenu(live, version);
          const after = asMenu(
            applyChanges(
              live,
              version,
              changes,
              changes.map((c) => c.key),
            ),
          );
          expect(diffMenu(after, version)).toEqual([]);
          expect(after.map((s) => normalizeName(s.name))).toEqual(version.map((s) => normalizeName(s.name)));
          expect(after.map((s) => s.items.map((i) => normalizeName(i.name)))).toEqual(
            version.map((s) => s.items.map((i) => normalizeName(i.name))),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rejecting everything changes nothing; any consistent selection keeps every item it does not touch', () => {
    fc.assert(
      fc.property(
        arbMenu.chain((menu) => fc.tuple(fc.constant(menu), arbVersion(menu), fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }))),
        ([menu, version, picks]) => {
          const live = asLive(menu);
          const changes = diffMenu(live, version);
          expect(asMenu(applyChanges(live, version, changes, []))).toEqual(
            live.map((s) => ({ ...s, items: s.items.map((i) => ({ ...i, description: i.description ?? '', priceOnRequest: false })) })),
          );
          let selected = new Set<string>();
          changes.forEach((c, i) => (selected = toggleChange(changes, selected, c.key, picks[i % picks.length] as boolean)));
          expect(missingRequirements(changes, selected)).toEqual([]);
          const after = applyChanges(live, version, changes, selected);
          const ids = after.flatMap((s) => s.items.map((i) => i.id)).filter(Boolean);
          // No item twice; every live item still there unless its removal was accepted.
          expect(new Set(ids).size).toBe(ids.length);
          const removed = changes.filter((c) => c.kind === 'item.remove' && selected.has(c.key)).length;
          expect(ids.length).toBe(live.flatMap((s) => s.items).length - removed);
          const untouched = live.flatMap((s) => s.items).filter((i) => !changes.some((c) => 'itemId' in c && c.itemId === i.id));
          const byId = new Map(after.flatMap((s) => s.items).map((i) => [i.id, i]));
          for (const i of untouched) expect(byId.get(i.id)).toMatchObject({ name: i.name, prices: i.prices, allergens: i.allergens });
        },
      ),
      { numRuns: 300 },
    );
  });
});
