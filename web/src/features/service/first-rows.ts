/** `menus` cut after their first `count` items (sections and menus left empty dropped). */
export function firstRows<S extends { items: readonly unknown[] }, M extends { sections: S[] }>(menus: M[], count: number): M[] {
  let left = count;
  const out: M[] = [];
  for (const menu of menus) {
    if (left <= 0) break;
    const sections: S[] = [];
    for (const section of menu.sections) {
      if (left <= 0) break;
      sections.push(section.items.length <= left ? section : { ...section, items: section.items.slice(0, left) });
      left -= section.items.length;
    }
    out.push({ ...menu, sections });
  }
  return out;
}
