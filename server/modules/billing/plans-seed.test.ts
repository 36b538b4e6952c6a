import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { DEFAULT_PLANS, seedPlans } from './plans-seed.ts';

describe('default plans', () => {
  const apps: TestApp[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrmenu-plans-'));
  afterAll(async () => {
    for (const app of apps) await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are seeded once when several instances start together on one database (a fleet rollout)', async () => {
    apps.push(await buildTestApp({ dir }), await buildTestApp({ dir }));
    const [a, b] = apps as [TestApp, TestApp];
    a.ctx.stmts.run('DELETE FROM plans');
    // Both instances find no plans before either has written them (each checks before its first
    // await); the second's insert then meets the first's plans, and must keep them and succeed.
    await Promise.all([seedPlans(a.ctx.engine), seedPlans(b.ctx.engine)]);
    const codes = b.ctx.stmts.column('SELECT code FROM plans ORDER BY position');
    expect(codes).toEqual(DEFAULT_PLANS.map((p) => p.code));
  });
});
