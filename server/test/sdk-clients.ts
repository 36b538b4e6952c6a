import type PocketBase from 'pocketbase';
import { seed, type TestApp } from './test-app.ts';

/** The superuser that `rootEnv` upserts at boot. */
export const ROOT = { email: 'root@example.com', password: 'root-password-123' } as const;
export const rootEnv = { SUPERUSER_EMAIL: ROOT.email, SUPERUSER_PASSWORD: ROOT.password };

/** SDK clients of a listening app: the superuser, and a fresh verified user (user@example.com). */
export async function adminAndUser(t: TestApp): Promise<{ admin: PocketBase; user: PocketBase }> {
  const admin = t.sdk();
  await admin.collection('_superusers').authWithPassword(ROOT.email, ROOT.password);
  await seed(t.ctx, 'users', {
    email: 'user@example.com',
    password: 'user-password-1',
    passwordConfirm: 'user-password-1',
    verified: true,
  });
  const user = t.sdk();
  await user.collection('users').authWithPassword('user@example.com', 'user-password-1');
  return { admin, user };
}
