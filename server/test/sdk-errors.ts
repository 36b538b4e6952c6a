import { ClientResponseError } from 'pocketbase';
import { expect } from 'vitest';

/** Awaits an SDK call that must fail with `status` (and `message`, when given); returns the error. */
export async function expectError(p: Promise<unknown>, status: number, message?: string): Promise<ClientResponseError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ClientResponseError);
  const e = err as ClientResponseError;
  expect(e.status).toBe(status);
  if (message) expect(e.response.message).toBe(message);
  return e;
}
