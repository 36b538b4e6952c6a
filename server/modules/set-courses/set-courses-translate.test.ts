import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../../shared/translations.ts';
import { DeepLStandIn } from '../../test/deepl-stand-in.ts';
import { ownerWorld, type OwnerWorld } from '../../test/translation-fixtures.ts';

/**
 * "Translate missing" covers the courses of a menu's set menus (issue 20, item 2): machine drafts
 * of their names and free texts, written through the engine; courses left unused by a set turned
 * back into a dish are not drafted.
 */
const deepl = new DeepLStandIn('sets-deepl-secret:fx');
let w: OwnerWorld;
const ids = { menu: '', course: '', dormant: '' };
const raw = (id: string) =>
  JSON.parse(String(w.t.ctx.stmts.get('SELECT translations AS t FROM set_courses WHERE id = ?', [id])?.t ?? 'null'));

beforeAll(async () => {
  await deepl.start();
  w = await ownerWorld({ env: { BILLING: 'off', DEEPL_API_KEY: deepl.apiKey, DEEPL_API_URL: deepl.url } });
  const pb = w.pb;
  const menu = await pb.collection('menus').create({ organization: w.org, name: 'Soup', status: 'published', languages: ['en', 'de'] });
  ids.menu = menu.id;
  const section = await pb.collection('sections').create({ menu: menu.id, name: 'Soup' });
  const set = (name: string) =>
    pb.collection('items').create({ section: section.id, name, kind: 'set', prices: [{ label: '', amount: 1490 }] });
  const lunch = await set('Soup');
  ids.course = (await pb.collection('set_courses').create({ item: lunch.id, name: 'Coffee', description: 'Coffee with cream' })).id;
  const former = await set('Soup');
  ids.dormant = (await pb.collection('set_courses').create({ item: former.id, name: 'Chocolate' })).id;
  await pb.collection('items').update(former.id, { kind: 'dish' });
});
afterAll(async () => {
  await w.t.close();
  await deepl.stop();
});

describe('translate a menu with a set menu', () => {
  it('drafts the course names and free texts of its sets, and nothing of a former set', async () => {
    const res = await w.call('POST', `/api/menus/${ids.menu}/translate`, { language: 'de' });
    expect(res.statusCode, res.body).toBe(200);
    // menu, section, two item names, course name and text
    expect(res.json()).toEqual({ provider: 'deepl', translated: 6 });
    const draft = (text: string, source: string) => ({ text, machine: true, basis: fingerprint(source) });
    expect(raw(ids.course).de).toEqual({ name: draft('Kaffee', 'Coffee'), description: draft('Kaffee mit Sahne', 'Coffee with cream') });
    expect(raw(ids.dormant)?.de).toBeUndefined();
  });
});
