import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../../shared/translations.ts';
import { DeepLStandIn } from '../../test/deepl-stand-in.ts';
import { ownerWorld, type OwnerWorld } from '../../test/translation-fixtures.ts';

/**
 * "Translate missing" covers the texts of option groups and options a menu's dishes use, and an
 * item's portion label (issue 20): machine drafts for each, written through the engine, and a
 * group no dish of the menu uses left alone.
 */
const deepl = new DeepLStandIn('options-deepl-secret:fx');
let w: OwnerWorld;
const ids = { menu: '', group: '', option: '', unused: '', item: '' };
const raw = (collection: string, id: string) =>
  JSON.parse(String(w.t.ctx.stmts.get(`SELECT translations AS t FROM "${collection}" WHERE id = ?`, [id])?.t ?? 'null'));

beforeAll(async () => {
  await deepl.start();
  w = await ownerWorld({ env: { BILLING: 'off', DEEPL_API_KEY: deepl.apiKey, DEEPL_API_URL: deepl.url } });
  const pb = w.pb;
  const group = await pb.collection('option_groups').create({ organization: w.org, name: 'Cream', description: 'Chocolate and coffee' });
  ids.group = group.id;
  ids.option = (await pb.collection('options').create({ group: group.id, name: 'Chocolate cream', priceDelta: 100 })).id;
  const unused = await pb.collection('option_groups').create({ organization: w.org, name: 'Coffee' });
  ids.unused = unused.id;
  const menu = await pb.collection('menus').create({ organization: w.org, name: 'Soup', status: 'published', languages: ['en', 'de'] });
  ids.menu = menu.id;
  const section = await pb.collection('sections').create({ menu: menu.id, name: 'Soup' });
  ids.item = (
    await pb.collection('items').create({
      section: section.id,
      name: 'Coffee',
      prices: [{ label: '', amount: 300 }],
      optionGroups: [group.id],
      nutrition: { kcal: 90, portion: 'glass' },
    })
  ).id;
});
afterAll(async () => {
  await w.t.close();
  await deepl.stop();
});

describe('translate a menu with option groups', () => {
  it('drafts the groups, options and portion labels the menu uses, and nothing else', async () => {
    const res = await w.call('POST', `/api/menus/${ids.menu}/translate`, { language: 'de' });
    expect(res.statusCode, res.body).toBe(200);
    // menu, section, item name, portion label, group name and description, option name
    expect(res.json()).toEqual({ provider: 'deepl', translated: 7 });
    const draft = (text: string, source: string) => ({ text, machine: true, basis: fingerprint(source) });
    expect(raw('option_groups', ids.group).de).toEqual({
      name: draft('Sahne', 'Cream'),
      description: draft('Schokolade und Kaffee', 'Chocolate and coffee'),
    });
    expect(raw('options', ids.option).de).toEqual({ name: draft('Schokolade Sahne', 'Chocolate cream') });
    expect(raw('items', ids.item).de['nutrition.portion']).toEqual(draft('Glas', 'glass'));
    expect(raw('option_groups', ids.unused)?.de).toBeUndefined();
  });
});
