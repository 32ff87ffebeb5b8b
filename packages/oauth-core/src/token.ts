import { unknownScope } from './authorization-request.js';
import { authenticateClient, invalidClient, readPresentedClient } from './client-authentication.js';
import type { OAuthContext } from './context.js';
import { sha256Base64url, timingSafeEqual } from './crypto.js';
import { generateAccessToken, generateRefreshToken } from './credentials.js';
import { OAuthError } from './errors.js';
import { jsonResponse } from './http-error.js';
import { canonicalRedirectUri } from './redirect-uri.js';
import { readParams } from './request-body.js';
import { isConfiguredResource } from './resource-indicator.js';
import type { AuthorizationCodeRecord, OAuthClientRecord, TokenRecord } from './store.js';

/** RFC 7636 section 4.1: 43-128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~". */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

interface IssuedPair {
  record: TokenRecord;
  accessToken: string;
  refreshToken: string;
}

async function issuePair(
  context: OAuthContext,
  grant: Pick<TokenRecord, 'grantId' | 'codeId' | 'clientId' | 'userId' | 'scope' | 'resource'>,
  now: number,
): Promise<IssuedPair> {
  const accessToken = generateAccessToken();
  const refreshToken = generateRefreshToken();
  const [accessTokenHash, refreshTokenHash] = await Promise.all([
    context.hash(accessToken),
    context.hash(refreshToken),
  ]);
  return {
    accessToken,
    refreshToken,
    record: {
      id: crypto.randomUUID(),
      ...grant,
      accessTokenHash,
      refreshTokenHash,
      createdAt: now,
      accessExpiresAt: now + context.lifetimes.accessToken * 1000,
      refreshExpiresAt: now + context.lifetimes.refreshToken * 1000,
      rotatedAt: null,
      revokedAt: null,
    },
  };
}

function tokenResponse(context: OAuthContext, pair: IssuedPair): Response {
  return jsonResponse({
    access_token: pair.accessToken,
    token_type: 'Bearer',
    expires_in: context.lifetimes.accessToken,
    refresh_token: pair.refreshToken,
    scope: pair.record.scope,
  });
}

function required(params: ReadonlyMap<string, string>, name: string): string {
  const value = params.get(name);
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}

function checkResource(context: OAuthContext, params: ReadonlyMap<string, string>): void {
  const resource = params.get('resource');
  if (resource !== undefined && !isConfiguredResource(resource, context.issuer)) {
    throw new OAuthError('invalid_target', 'resource must be the address of this server');
  }
}

async function verifierMatches(code: AuthorizationCodeRecord, verifier: string): Promise<boolean> {
  const challenge = code.codeChallenge!;
  const derived = code.codeChallengeMethod === 'S256' ? await sha256Base64url(verifier) : verifier;
  return timingSafeEqual(derived, challenge);
}

function invalidGrant(description: string): OAuthError {
  return new OAuthError('invalid_grant', description);
}

/** Ends every pair of a grant family and reports their access tokens as ended. Answers how many. */
async function revokeGrant(context: OAuthContext, grantId: string, now: number): Promise<number> {
  const ended = await context.store.revokeGrant(grantId, now);
  context.credentialsEnded(ended);
  return ended.length;
}

/** RFC 6749 section 4.1.2: a second use of a code revokes what the first one issued. */
async function replayedCode(
  context: OAuthContext,
  stored: AuthorizationCodeRecord,
  now: number,
): Promise<OAuthError> {
  const revoked = await revokeGrant(context, stored.grantId, now);
  context.log({ event: 'code_replay', clientId: stored.clientId, userId: stored.userId, revoked });
  return invalidGrant('the authorization code was already used');
}

async function exchangeAuthorizationCode(
  context: OAuthContext,
  request: Request,
  params: ReadonlyMap<string, string>,
): Promise<Response> {
  const presented = readPresentedClient(request, params);
  if (!presented.clientId) throw new OAuthError('invalid_request', 'client_id is required');
  const code = required(params, 'code');
  const redirectUri = required(params, 'redirect_uri');
  const verifier = params.get('code_verifier');
  if (verifier !== undefined && !CODE_VERIFIER.test(verifier)) {
    throw new OAuthError('invalid_request', 'code_verifier must be 43-128 unreserved characters');
  }
  checkResource(context, params);
  const client = await authenticateClient(context, { ...presented, clientId: presented.clientId });

  const now = context.now();
  const codeHash = await context.hash(code);
  const stored = await context.store.getAuthorizationCode(codeHash);
  if (!stored) throw invalidGrant('the authorization code is not valid');
  if (stored.usedAt !== null) throw await replayedCode(context, stored, now);
  if (stored.expiresAt <= now) throw invalidGrant('the authorization code has expired');
  // RFC 8707: a code approved for another resource (another server on this database) is not ours to redeem.
  if (stored.resource !== context.issuer)
    throw invalidGrant('the authorization code was issued for another resource');
  // A mismatch must not consume the code: the rightful client can still redeem it.
  if (stored.clientId !== client.clientId)
    throw invalidGrant('the authorization code was issued to another client');
  // Compared in canonical form (RFC 6749 section 4.1.3 asks for the same URI; `https://A.example/cb`
  // and `https://a.example/cb` are one), a URI holding a refused character matching nothing.
  const presentedRedirectUri = canonicalRedirectUri(redirectUri);
  if (presentedRedirectUri === undefined || presentedRedirectUri !== canonicalRedirectUri(stored.redirectUri))
    throw invalidGrant('redirect_uri differs from the authorization request');
  if (stored.codeChallenge === null) {
    if (verifier !== undefined)
      throw invalidGrant('code_verifier was sent but the authorization had no code_challenge');
  } else {
    if (verifier === undefined) throw invalidGrant('code_verifier is required');
    if (!(await verifierMatches(stored, verifier)))
      throw invalidGrant('code_verifier does not match code_challenge');
  }

  const pair = await issuePair(
    context,
    {
      grantId: stored.grantId,
      codeId: stored.id,
      clientId: stored.clientId,
      userId: stored.userId,
      scope: stored.scope,
      resource: stored.resource,
    },
    now,
  );
  if (!(await context.store.exchangeAuthorizationCode(codeHash, now, pair.record))) {
    // Another request redeemed it between our read and our write: a replay like any other.
    throw await replayedCode(context, stored, now);
  }
  context.log({
    event: 'token_issued',
    grant: 'authorization_code',
    clientId: client.clientId,
    userId: stored.userId,
  });
  return tokenResponse(context, pair);
}

async function refresh(
  context: OAuthContext,
  request: Request,
  params: ReadonlyMap<string, string>,
): Promise<Response> {
  const presented = readPresentedClient(request, params);
  const refreshToken = required(params, 'refresh_token');
  const requestedScope = params.get('scope');
  const narrowed =
    requestedScope === undefined || requestedScope.trim() === ''
      ? undefined
      : context.scopes.parse(requestedScope);
  if (narrowed !== undefined && 'unknown' in narrowed) throw unknownScope(context.scopes, narrowed.unknown);
  checkResource(context, params);
  let client: OAuthClientRecord | undefined = presented.clientId
    ? await authenticateClient(context, { ...presented, clientId: presented.clientId })
    : undefined;

  const now = context.now();
  const stored = await context.store.getTokenByRefreshTokenHash(await context.hash(refreshToken));
  if (!stored) throw invalidGrant('the refresh token is not valid');
  if (client && client.clientId !== stored.clientId)
    throw invalidGrant('the refresh token was issued to another client');
  if (!client) {
    // The spec lets a public client refresh with grant_type and refresh_token alone.
    client = await context.store.getClient(stored.clientId);
    if (!client) throw invalidGrant('the refresh token is not valid');
    if (client.clientSecretHash !== null) throw invalidClient('client authentication is required', false);
  }
  if (!client.grantTypes.includes('refresh_token')) {
    throw new OAuthError('unauthorized_client', 'the client is not registered for refresh_token');
  }
  if (stored.refreshExpiresAt <= now) throw invalidGrant('the refresh token has expired');
  // RFC 8707 section 2.2: a refresh token is bound to its resource. One issued for another server on
  // this database is refused, whatever `resource` says, rather than answered with a token for the other.
  if (stored.resource !== context.issuer)
    throw invalidGrant('the refresh token was issued for another resource');
  // RFC 6749 section 6: a refresh may narrow the scope, never widen it.
  const granted = stored.scope.split(' ');
  if (
    narrowed !== undefined &&
    !narrowed.scope.split(' ').every((name) => context.scopes.satisfies(granted, name))
  ) {
    throw new OAuthError('invalid_scope', 'the requested scope exceeds the scope of the grant');
  }

  const graceSince = context.refreshGraceSeconds > 0 ? now - context.refreshGraceSeconds * 1000 : undefined;
  const usable =
    stored.revokedAt === null ||
    (graceSince !== undefined && stored.rotatedAt !== null && stored.rotatedAt >= graceSince);
  const pair = await issuePair(
    context,
    {
      grantId: stored.grantId,
      codeId: stored.codeId,
      clientId: stored.clientId,
      userId: stored.userId,
      scope: narrowed?.scope ?? stored.scope,
      resource: stored.resource,
    },
    now,
  );
  if (usable && (await context.store.rotateRefreshToken(stored.id, now, pair.record, graceSince))) {
    // The rotated-away access token ends with its refresh token (already the case within a grace window).
    context.credentialsEnded([stored.accessTokenHash]);
    context.log({ event: 'token_refreshed', clientId: stored.clientId, userId: stored.userId });
    return tokenResponse(context, pair);
  }
  const current = (await context.store.getTokenByRefreshTokenHash(stored.refreshTokenHash)) ?? stored;
  if (current.rotatedAt !== null) {
    // RFC 9700 section 4.14.2: a rotated refresh token in use again means one of the two users stole it.
    const revoked = await revokeGrant(context, stored.grantId, now);
    context.log({ event: 'refresh_token_reuse', clientId: stored.clientId, userId: stored.userId, revoked });
  }
  throw invalidGrant('the refresh token is no longer valid');
}

/**
 * POST /token (RFC 6749 sections 4.1.3 and 6, PKCE by RFC 7636, refresh-token reuse by RFC 9700
 * section 4.14.2). Every answer, success or error, carries `Cache-Control: no-store` (RFC 6749
 * section 5.1).
 */
export async function handleToken(context: OAuthContext, request: Request): Promise<Response> {
  const params = await readParams(request);
  const grantType = params.get('grant_type');
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  if (grantType === 'authorization_code') return exchangeAuthorizationCode(context, request, params);
  if (grantType === 'refresh_token') return refresh(context, request, params);
  throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}
