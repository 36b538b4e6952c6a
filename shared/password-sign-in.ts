/**
 * The one password sign-in of the login page: staff accounts first, then superusers. Shared so the
 * server's rate-limit tests drive exactly the sequence the web app sends.
 *
 * Each auth collection has its own attempt counter per client, so one wrong password counts once
 * in each, never twice in one: a superuser keeps every attempt the limit allows on `/login`. The
 * superuser try happens only after the users collection refused the credentials (400); a 429 or a
 * network error is final, so a blocked client is never sent on to the second counter.
 */

/** The part of the PocketBase SDK this needs (structural: shared/ imports no package of a runtime). */
export interface PasswordSignInClient {
  collection(name: string): {
    authWithPassword(identity: string, password: string, options?: { expand?: string }): Promise<unknown>;
  };
}

export type SignedInAs = 'user' | 'superuser';

const statusOf = (err: unknown) => (err as { status?: unknown } | null)?.status;

export async function signInWithPassword(
  pb: PasswordSignInClient,
  email: string,
  password: string,
  userExpand?: string,
): Promise<SignedInAs> {
  try {
    await pb.collection('users').authWithPassword(email, password, userExpand ? { expand: userExpand } : undefined);
    return 'user';
  } catch (userError) {
    if (statusOf(userError) !== 400) throw userError;
    try {
      await pb.collection('_superusers').authWithPassword(email, password);
      return 'superuser';
    } catch (superuserError) {
      // A refused superuser try says nothing new: show the staff answer, the one most people need.
      if (statusOf(superuserError) === 400) throw userError;
      throw superuserError;
    }
  }
}
