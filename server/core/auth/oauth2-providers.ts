import { createHash, randomBytes } from 'node:crypto';
import { randomString } from '../../../shared/ids.ts';

/** A configured OAuth2 provider (a preset's endpoints, or a generic OpenID Connect provider). */
export interface OAuth2Provider {
  name: string;
  displayName: string;
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  scopes: string[];
  pkce: boolean;
  /** Extra query parameters of the authorization URL. */
  authParams?: Record<string, string>;
  /** Reads the provider's user JSON (and token response) into our common shape. */
  mapUser(raw: Record<string, unknown>, tokenResponse: Record<string, unknown>): OAuth2User;
  /** Providers that hide the email in the user info (GitHub) fetch it separately. */
  fetchEmail?(accessToken: string): Promise<string>;
}

export interface OAuth2User {
  id: string;
  name: string;
  username: string;
  email: string;
  avatarURL: string;
}

export interface ProviderEnv {
  name: string;
  clientId: string;
  clientSecret: string;
  authUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
  displayName?: string;
  scopes?: string[];
  pkce?: boolean;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Standard OpenID Connect claims. */
function oidcUser(raw: Record<string, unknown>): OAuth2User {
  return {
    id: str(raw.sub) || str(raw.id),
    name: str(raw.name),
    username: str(raw.preferred_username) || str(raw.nickname),
    email: raw.email_verified === false ? '' : str(raw.email),
    avatarURL: str(raw.picture),
  };
}

/** The claims of an id_token (Apple sends the user only there). Signature checked by the TLS token exchange. */
function idTokenClaims(tokenResponse: Record<string, unknown>): Record<string, unknown> {
  const idToken = str(tokenResponse.id_token);
  const payload = idToken.split('.')[1];
  if (!payload) return {};
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

type Preset = Omit<OAuth2Provider, 'name' | 'clientId' | 'clientSecret'>;

const PRESETS: Record<string, Preset> = {
  google: {
    displayName: 'Google',
    authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    mapUser: (raw) => oidcUser(raw),
  },
  microsoft: {
    displayName: 'Microsoft',
    authUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    userInfoUrl: 'https://graph.microsoft.com/oidc/userinfo',
    scopes: ['openid', 'email', 'profile', 'User.Read'],
    pkce: true,
    mapUser: (raw) => oidcUser(raw),
  },
  github: {
    displayName: 'GitHub',
    authUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userInfoUrl: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    pkce: true,
    mapUser: (raw) => ({
      id: str(raw.id),
      name: str(raw.name),
      username: str(raw.login),
      email: str(raw.email),
      avatarURL: str(raw.avatar_url),
    }),
    async fetchEmail(accessToken) {
      const res = await fetch('https://api.github.com/user/emails', {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      });
      if (!res.ok) return '';
      const emails = (await res.json()) as Array<{ email: string; primary: boolean; verified: boolean }>;
      return emails.find((e) => e.primary && e.verified)?.email ?? '';
    },
  },
  apple: {
    displayName: 'Apple',
    authUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    userInfoUrl: '',
    scopes: ['name', 'email'],
    pkce: true,
    authParams: { response_mode: 'form_post' },
    mapUser: (_raw, tokenResponse) => oidcUser(idTokenClaims(tokenResponse)),
  },
};

/** Builds the providers from configuration; unknown names are generic OIDC and need their URLs. */
export function buildProviders(envs: ProviderEnv[]): OAuth2Provider[] {
  return envs.map((env) => {
    const preset = PRESETS[env.name];
    if (!preset && (!env.authUrl || !env.tokenUrl || !env.userInfoUrl)) {
      throw new Error(`OAuth2 provider "${env.name}" needs OAUTH2_${env.name.toUpperCase()}_AUTH_URL, _TOKEN_URL and _USERINFO_URL`);
    }
    const base: Preset = preset ?? {
      displayName: env.name,
      authUrl: '',
      tokenUrl: '',
      userInfoUrl: '',
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
      mapUser: (raw) => oidcUser(raw),
    };
    return {
      ...base,
      name: env.name,
      clientId: env.clientId,
      clientSecret: env.clientSecret,
      displayName: env.displayName ?? base.displayName,
      authUrl: env.authUrl ?? base.authUrl,
      tokenUrl: env.tokenUrl ?? base.tokenUrl,
      userInfoUrl: env.userInfoUrl ?? base.userInfoUrl,
      scopes: env.scopes ?? base.scopes,
      pkce: env.pkce ?? base.pkce,
    };
  });
}

/**
 * One `auth-methods` entry: a fresh state and PKCE pair, and an authorization URL that ends with
 * `redirect_uri=` so the SDK can append its own redirect URL.
 */
export function authMethodEntry(p: OAuth2Provider): Record<string, string> {
  const state = randomString(30);
  const codeVerifier = p.pkce ? randomBytes(32).toString('base64url') : '';
  const codeChallenge = p.pkce ? createHash('sha256').update(codeVerifier).digest('base64url') : '';
  const params = new URLSearchParams({ client_id: p.clientId, response_type: 'code', scope: p.scopes.join(' '), state, ...p.authParams });
  if (p.pkce) {
    params.set('code_challenge', codeChallenge);
    params.set('code_challenge_method', 'S256');
  }
  const authURL = `${p.authUrl}${p.authUrl.includes('?') ? '&' : '?'}${params.toString()}&redirect_uri=`;
  return {
    name: p.name,
    displayName: p.displayName,
    state,
    authURL,
    authUrl: authURL,
    codeVerifier,
    codeChallenge,
    codeChallengeMethod: p.pkce ? 'S256' : '',
  };
}
