import type { Collection } from '../collections.ts';
import { ApiError, fieldError } from '../errors.ts';
import { randomString } from '../../../shared/ids.ts';
import type { StoredRow } from '../records/codec.ts';
import { inContext, type RequestInfo } from '../request-info.ts';
import type { AuthService } from './auth-service.ts';
import type { OAuth2Provider, OAuth2User } from './oauth2-providers.ts';

export interface OAuth2Result {
  row: StoredRow;
  meta: Record<string, unknown>;
}

const FETCH_TIMEOUT_MS = 10_000;

async function exchangeCode(p: OAuth2Provider, code: string, codeVerifier: string, redirectURL: string): Promise<Record<string, unknown>> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectURL,
    client_id: p.clientId,
    client_secret: p.clientSecret,
  });
  if (p.pkce && codeVerifier) body.set('code_verifier', codeVerifier);
  const res = await fetch(p.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof json.access_token !== 'string') throw new ApiError(400, 'Failed to fetch OAuth2 token.');
  return json;
}

async function fetchUser(p: OAuth2Provider, token: Record<string, unknown>): Promise<{ user: OAuth2User; raw: Record<string, unknown> }> {
  const accessToken = String(token.access_token);
  let raw: Record<string, unknown> = {};
  if (p.userInfoUrl) {
    const res = await fetch(p.userInfoUrl, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!res.ok) throw new ApiError(400, 'Failed to fetch OAuth2 user.');
    raw = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  }
  const user = p.mapUser(raw, token);
  if (!user.email && p.fetchEmail) user.email = await p.fetchEmail(accessToken).catch(() => '');
  if (!user.id) throw new ApiError(400, 'Failed to fetch OAuth2 user.');
  return { user, raw };
}

/**
 * `auth-with-oauth2`: exchanges the code (PKCE), then finds the record as PocketBase does:
 * an existing link, else the signed-in record (linking), else a record with the provider's email,
 * else a new record created through the collection's create rule with `createData`.
 */
export async function authenticateWithOAuth2(
  auth: AuthService,
  collection: Collection,
  providers: OAuth2Provider[],
  body: Record<string, unknown>,
  req: RequestInfo,
): Promise<OAuth2Result> {
  if (providers.length === 0) throw new ApiError(403, 'The collection is not configured to allow OAuth2 authentication.');
  const name = typeof body.provider === 'string' ? body.provider : '';
  const code = typeof body.code === 'string' ? body.code : '';
  const redirectURL =
    typeof body.redirectURL === 'string' ? body.redirectURL : typeof body.redirectUrl === 'string' ? body.redirectUrl : '';
  const provider = providers.find((p) => p.name === name);
  const errors: Record<string, unknown> = {};
  if (!name) errors.provider = fieldError('validation_required', 'Cannot be blank.');
  else if (!provider)
    errors.provider = fieldError('validation_invalid_provider', `Provider with name ${name} is missing or is not enabled.`);
  if (!code) errors.code = fieldError('validation_required', 'Cannot be blank.');
  if (!redirectURL) errors.redirectURL = fieldError('validation_required', 'Cannot be blank.');
  if (Object.keys(errors).length || !provider) throw new ApiError(400, 'An error occurred while validating the submitted data.', errors);

  const token = await exchangeCode(provider, code, typeof body.codeVerifier === 'string' ? body.codeVerifier : '', redirectURL);
  const { user, raw } = await fetchUser(provider, token);
  const engine = auth.engine;
  const stmts = engine.stmts;
  const system = auth.systemRequest('oauth2');
  const link = stmts.get('SELECT * FROM "_externalAuths" WHERE "collectionRef" = ? AND "provider" = ? AND "providerId" = ?', [
    collection.id,
    provider.name,
    user.id,
  ]);
  let row: StoredRow | undefined;
  let isNew = false;
  if (link) {
    row = stmts.get(`SELECT * FROM "${collection.name}" WHERE "id" = ?`, [String(link.recordRef)]);
  } else if (req.auth && req.auth.collection.id === collection.id) {
    row = req.auth.row;
  } else if (user.email) {
    row = auth.findByEmail(collection, user.email);
    if (row && row.verified !== 1) {
      // Anti pre-hijack: someone may have registered this email without owning it.
      const password = randomString(30);
      await engine.update(
        collection,
        String(row.id),
        { data: { password, passwordConfirm: password, verified: true }, files: {}, fromForm: false },
        system,
      );
      row = stmts.get(`SELECT * FROM "${collection.name}" WHERE "id" = ?`, [String(row.id)]);
    }
  }
  if (!row) {
    if (collection.name === '_superusers') throw new ApiError(400, 'Failed to authenticate.');
    const createData =
      body.createData && typeof body.createData === 'object' && !Array.isArray(body.createData)
        ? { ...(body.createData as Record<string, unknown>) }
        : {};
    const password = randomString(30);
    const data: Record<string, unknown> = { ...createData, password, passwordConfirm: password };
    if (!data.email && user.email) data.email = user.email;
    if (!data.name && user.name && collection.fieldsByName.has('name')) data.name = user.name;
    const createReq = inContext(req, 'oauth2');
    try {
      const created = await engine.create(collection, { data, files: {}, fromForm: false }, createReq);
      if (user.email && String(created.email ?? data.email).toLowerCase() === user.email.toLowerCase()) {
        await engine.update(collection, String(created.id), { data: { verified: true }, files: {}, fromForm: false }, system);
      }
      row = stmts.get(`SELECT * FROM "${collection.name}" WHERE "id" = ?`, [String(created.id)]);
      isNew = true;
    } catch (err) {
      if (err instanceof ApiError) throw new ApiError(400, 'Failed to authenticate.', err.data);
      throw err;
    }
  }
  if (!row) throw new ApiError(400, 'Failed to authenticate.');
  if (!link) {
    await engine.create(
      engine.collection('_externalAuths'),
      {
        data: { collectionRef: collection.id, recordRef: String(row.id), provider: provider.name, providerId: user.id },
        files: {},
        fromForm: false,
      },
      system,
    );
  }
  const meta = {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    avatarURL: user.avatarURL,
    avatarUrl: user.avatarURL,
    accessToken: String(token.access_token),
    refreshToken: typeof token.refresh_token === 'string' ? token.refresh_token : '',
    expiry: typeof token.expires_in === 'number' ? new Date(Date.now() + token.expires_in * 1000).toISOString().replace('T', ' ') : '',
    rawUser: raw,
    isNew,
  };
  return { row, meta };
}
