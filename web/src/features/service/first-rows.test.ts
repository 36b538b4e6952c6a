import { describe, expect, it } from 'vitest';
import { firstRows } from './first-rows.ts';

const menus = [
  {
    id: 'm1',
    sections: [
      { id: 's1', items: ['a', 'b', 'c'] },
      { id: 's2', items: ['d', 'e'] },
    ],
  },
  { id: 'm2', sections: [{ id: 's3', items: ['f', 'g'] }] },
];
const ids = (list: typeof menus) => list.map((m) => `${m.id}:${m.sections.map((s) => `${s.id}=${s.items.join('')}`).join(',')}`);

describe('firstRows', () => {
  it('cuts the list after the first items, across sections and menus, dropping what is left empty', () => {
    expect(ids(firstRows(menus, 2))).toEqual(['m1:s1=ab']);
    expect(ids(firstRows(menus, 4))).toEqual(['m1:s1=abc,s2=d']);
    expect(ids(firstRows(menus, 6))).toEqual(['m1:s1=abc,s2=de', 'm2:s3=f']);
  });
  it('keeps every item, in order, once the count reaches them all', () => {
    expect(ids(firstRows(menus, 7))).toEqual(['m1:s1=abc,s2=de', 'm2:s3=fg']);
    expect(ids(firstRows(menus, 100))).toEqual(ids(menus));
    expect(firstRows(menus, 0)).toEqual([]);
  });
});
