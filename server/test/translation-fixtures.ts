import type { LightMyRequestResponse } from 'fastify';
import type PocketBase from 'pocketbase';
import { activeOwner, buildTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/**
 * A listening app with one verified owner of an active organization, for the translation tests
 * (record hooks, machine translation, preview links, the guest page in several languages).
 */
export interface OwnerWorld {
  t: TestApp;
  org: string;
  token: string;
  /** The owner's SDK client, signed in. */
  pb: PocketBase;
  /** `app.inject` with the owner's token (or `auth`), JSON body. */
  call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, auth?: string): Promise<LightMyRequestResponse>;
  /** A second organization's owner: a stranger to `org`. */
  strangerToken: string;
}

export const OWNER_PASSWORD = 'owner-password-1';

async function owner(t: TestApp, email: string): Promise<{ id: string; org: string; token: string }> {
  return activeOwner(t.ctx, email, OWNER_PASSWORD);
}

export async function ownerWorld(options: TestAppOptions = {}): Promise<OwnerWorld> {
  const t = await buildTestApp(options);
  await t.listen();
  const me = await owner(t, 'owner@example.com');
  const stranger = await owner(t, 'stranger@example.com');
  const pb = t.sdk();
  await pb.collection('users').authWithPassword('owner@example.com', OWNER_PASSWORD);
  return {
    t,
    org: me.org,
    token: me.token,
    pb,
    strangerToken: stranger.token,
    call: (method, url, payload, auth = me.token) =>
      t.app.inject({ method, url, payload: payload as object, headers: auth ? { authorization: auth } : {} }),
  };
}
