import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeOwner, buildTestApp, seed, type TestApp } from '../../test/test-app.ts';
import { MAX_VENUE_TABLES } from '../../../shared/constants.ts';

/** A venue's table labels (the only labels guest stats count per table): members edit them, validated. */
let t: TestApp;
let token = '';
let venue = '';

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await activeOwner(t.ctx, 'owner@example.com');
  venue = String((await seed(t.ctx, 'venues', { organization: owner.org, name: 'Cafe', timezone: 'UTC', primaryColor: '#0f766e' })).id);
  token = owner.token;
});

afterAll(async () => {
  await t.close();
});

const patch = (tables: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/collections/venues/records/${venue}`,
    payload: { tables },
    headers: { authorization: token },
  });

describe('venue tables', () => {
  it('stores a list of table labels', async () => {
    const res = await patch(['12', 'Terrace 1', 'Bar_2']);
    expect(res.statusCode).toBe(200);
    expect(res.json().tables).toEqual(['12', 'Terrace 1', 'Bar_2']);
  });

  it.each([
    ['a label with markup', ['<b>1</b>']],
    ['an empty label', ['']],
    ['a label over 20 characters', ['x'.repeat(21)]],
    ['a label twice', ['12', '12']],
    ['too many labels', Array.from({ length: MAX_VENUE_TABLES + 1 }, (_, i) => `T${i}`)],
    ['not a list', { a: 1 }],
  ])('refuses %s with a 400 on the field', async (_name, tables) => {
    const res = await patch(tables);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, data: { tables: { code: expect.any(String) } } });
  });
});
