import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissing, startPostgres, type PostgresServer } from '../test/postgres.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { dbErrorKind } from './db-errors.ts';
import { PgStatements, toPostgresSql } from './pg-statements.ts';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { PG_MIGRATIONS_DIR } from './migrate-pg.ts';

/**
 * The app on a real PostgreSQL cluster (DATABASE_URL), through the official SDK: migrations,
 * sign-up, records CRUD with filters and expand, unique emails ignoring case, health.
 */
const missing = postgresMissing();

describe('toPostgresSql', () => {
  it('numbers placeholders and quotes mixed-case identifiers, never inside quotes', () => {
    expect(
      toPostgresSql(`SELECT currentOrganization AS o, "x?" FROM users u WHERE u.tokenKey = ? AND name = '?a''b?' AND n IN (?, ?)`),
    ).toBe(`SELECT "currentOrganization" AS o, "x?" FROM users u WHERE u."tokenKey" = $1 AND name = '?a''b?' AND n IN ($2, $3)`);
    expect(toPostgresSql('SELECT COUNT(*) AS c FROM _externalAuths WHERE json_each = ?')).toBe(
      'SELECT COUNT(*) AS c FROM "_externalAuths" WHERE json_each = $1',
    );
    expect(toPostgresSql('SELECT role FROM memberships m WHERE m.user = ? AND user = ? AND username = ?')).toBe(
      'SELECT role FROM memberships m WHERE m."user" = $1 AND "user" = $2 AND username = $3',
    );
  });
});

describe.skipIf(missing)('PostgreSQL', () => {
  let pg: PostgresServer;
  let t: TestApp;

  beforeAll(async () => {
    pg = await startPostgres();
    await pg.psql('CREATE DATABASE app');
    t = await buildTestApp({ env: { DATABASE_URL: pg.urlOf('app'), BILLING: 'off' } });
    await t.listen();
  });

  afterAll(async () => {
    await t?.close();
    await pg?.stop();
  });

  it('runs the migrations once and boots on them', async () => {
    expect(t.ctx.sqlite).toBeNull();
    const migrations = readMigrationFiles({ migrationsFolder: PG_MIGRATIONS_DIR }).length;
    expect(migrations).toBeGreaterThan(1);
    expect(await pg.psql('SELECT count(*) FROM "__drizzle_migrations"', 'app')).toBe(`${migrations}\n`);
    expect(
      await pg.psql("SELECT data_type FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'verified'", 'app'),
    ).toBe('integer\n');
    // A second instance on the same database finds the schema up to date.
    const second = new PgStatements(pg.urlOf('app'));
    try {
      const { migratePostgres } = await import('./migrate-pg.ts');
      migratePostgres(second);
      expect(second.get('SELECT count(*) AS n FROM "__drizzle_migrations"')?.n).toBe(migrations);
    } finally {
      second.close();
    }
    const health = await fetch(`${t.url}/api/health`);
    expect(health.status).toBe(200);
  });

  it('signs up, signs in and writes records through the SDK', async () => {
    const pb = t.sdk();
    const email = 'Chef@Example.com';
    const password = 'chef-password-1';
    const user = await pb.collection('users').create({ email, password, passwordConfirm: password, name: 'Chef' });
    // A second sign-up with the email in another case answers as if it worked (no account
    // enumeration) and stores nothing: emails are unique ignoring case, as on SQLite.
    await pb.collection('users').create({ email: 'chef@example.COM', password, passwordConfirm: password });
    expect(t.ctx.stmts.all('SELECT email FROM users')).toEqual([{ email }]);
    // The unique index itself (lower(email)) refuses it too, as a 400 through the error handler's kinds.
    const err = (() => {
      try {
        t.ctx.stmts.run("INSERT INTO users (id, email, tokenKey) VALUES ('dupdupdupdupdup', 'CHEF@example.com', 'k')");
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(dbErrorKind(err)).toBe('input');
    expect((err as { code?: string }).code).toBe('23505');
    t.ctx.stmts.run('UPDATE users SET verified = 1 WHERE id = ?', [user.id]);
    await pb.collection('users').authWithPassword('chef@example.com', password);
    const auth = await pb.collection('users').authRefresh({ expand: 'currentOrganization' });
    const org = auth.record.expand?.currentOrganization as { id: string };
    expect(org.id).toBeTruthy();

    const menu = await pb.collection('menus').create({ organization: org.id, name: 'Lunch', status: 'published', languages: ['en'] });
    const section = await pb.collection('sections').create({ menu: menu.id, name: 'Mains' });
    const item = await pb.collection('items').create({ section: section.id, name: 'Schnitzel', prices: [{ label: '', amount: 1450 }] });
    await pb.collection('items').create({ section: section.id, name: 'Soup', prices: [{ label: '', amount: 500 }] });
    const list = await pb
      .collection('items')
      .getList(1, 30, { filter: `section = "${section.id}" && name ~ "schnitz"`, expand: 'section.menu' });
    expect(list.totalItems).toBe(1);
    expect(list.items[0]?.id).toBe(item.id);
    expect((list.items[0]?.expand?.section as { expand?: { menu?: { name?: string } } }).expand?.menu?.name).toBe('Lunch');
    const updated = await pb.collection('items').update(item.id, { name: 'Wiener Schnitzel' });
    expect(updated.name).toBe('Wiener Schnitzel');
    await pb.collection('items').delete(item.id);
    const left = await pb.collection('items').getFullList({ filter: `section = "${section.id}"`, sort: '-name' });
    expect(left.map((i) => i.name)).toEqual(['Soup']);
  });
});
