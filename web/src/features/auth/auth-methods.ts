import { pb } from '../../lib/pb.ts';
import { loadOnce } from '../../lib/load-once.ts';

const authMethods = loadOnce(() => pb.collection('users').listAuthMethods());

/** The auth methods the server offers (OAuth2 providers, OTP), fetched once for all pages. */
export function useAuthMethods() {
  return authMethods.use();
}
