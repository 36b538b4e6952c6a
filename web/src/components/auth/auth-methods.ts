import useSWR from 'swr';
import { pb } from '../../lib/pb.ts';

/** The auth methods the server offers (OAuth2 providers, OTP), one cache entry for all pages. */
export function useAuthMethods() {
  return useSWR('users:auth-methods', () => pb.collection('users').listAuthMethods(), { revalidateOnFocus: false });
}
