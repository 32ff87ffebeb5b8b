import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import type { ConformanceTarget } from '../conformance-target.js';
import { expectNoStore } from './assertions.js';

/** Redirect URI of a native client on loopback (RFC 8252). */
export const LOOPBACK_REDIRECT_URI = 'http://127.0.0.1:53682/callback';
/** Redirect URI of a web client. */
export const WEB_REDIRECT_URI = 'https://client.example.com/oauth/callback';

/**
 * Signs the companion app's user session JWT (HS256, `sub` = user id) that `/approve` requires.
 * Times come from the target's clock, which never runs behind real time, so the token is valid
 * whichever of the two the server checks it against.
 */
export async function sessionJwt(
  target: ConformanceTarget,
  userId: string,
  options: { secret?: string; expiresInSeconds?: number } = {},
): Promise<string> {
  const issuedAt = Math.floor(target.clock.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (options.expiresInSeconds ?? 600))
    .sign(new TextEncoder().encode(options.secret ?? target.sessionSecret));
}

/** A PKCE verifier and its challenge for `method`. */
export function pkce(method: 'S256' | 'plain' = 'S256'): {
  verifier: string;
  challenge: string;
  method: 'S256' | 'plain';
} {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return { verifier, challenge, method };
}

/** A client registration as `/register` answers it. */
export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: string;
  [field: string]: unknown;
}

/** POSTs a registration request. */
export function postRegister(target: ConformanceTarget, body: unknown): Promise<Response> {
  return target.fetch(`${target.baseUrl}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Registers a client that must succeed (public with a loopback redirect URI unless told otherwise). */
export async function registerClient(
  target: ConformanceTarget,
  metadata: Record<string, unknown> = {},
): Promise<RegisteredClient> {
  const response = await postRegister(target, {
    redirect_uris: [LOOPBACK_REDIRECT_URI],
    client_name: 'conformance client',
    ...metadata,
  });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body as RegisteredClient;
}

/** Query parameters of an authorization request. */
export type AuthorizationParams = Record<string, string | undefined>;

/** GETs `/authorize` without following the redirect. */
export function getAuthorize(target: ConformanceTarget, params: AuthorizationParams): Promise<Response> {
  const url = new URL(`${target.baseUrl}/authorize`);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return target.fetch(url, { redirect: 'manual' });
}

/** POSTs `/approve` as the companion app does. */
export async function postApprove(
  target: ConformanceTarget,
  body: Record<string, unknown>,
  bearer: string | undefined,
): Promise<Response> {
  return target.fetch(`${target.baseUrl}/approve`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }),
    },
    body: JSON.stringify(body),
  });
}

/** POSTs `/token` with a form-encoded (default) or JSON body. */
export function postToken(
  target: ConformanceTarget,
  params: Record<string, string | undefined>,
  options: { encoding?: 'form' | 'json'; basic?: { clientId: string; clientSecret: string } } = {},
): Promise<Response> {
  const defined = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.basic) {
    const user = encodeURIComponent(options.basic.clientId);
    const password = encodeURIComponent(options.basic.clientSecret);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  }
  let body: string;
  if (options.encoding === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(defined);
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(defined).toString();
  }
  return target.fetch(`${target.baseUrl}/token`, { method: 'POST', headers, body });
}

/** Token endpoint success answer. */
export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** Asserts a successful token answer (RFC 6749 section 5.1) and returns it. */
export async function expectTokens(response: Response): Promise<TokenResponse> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  expectNoStore(response);
  expect(body).toEqual({
    access_token: expect.stringMatching(/^mcp_at_[A-Za-z0-9_-]{43}$/),
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: expect.stringMatching(/^mcp_rt_[A-Za-z0-9_-]{43}$/),
    scope: 'mcp',
  });
  return body as TokenResponse;
}

/** An authorization code issued by `/approve`, with what is needed to redeem it. */
export interface IssuedCode {
  code: string;
  redirectTo: string;
  redirectUri: string;
  verifier: string | undefined;
  state: string;
}

/**
 * Runs the browser part of the flow: `/authorize` (asserting the 302 to the consent page), then
 * `/approve` with the parameters the consent page received, as the companion app would.
 */
export async function authorizeAndApprove(
  target: ConformanceTarget,
  options: {
    client: RegisteredClient;
    userId: string;
    redirectUri?: string;
    pkceMethod?: 'S256' | 'plain' | 'none';
    resource?: string;
  },
): Promise<IssuedCode> {
  const redirectUri = options.redirectUri ?? options.client.redirect_uris[0]!;
  const challenge = options.pkceMethod === 'none' ? undefined : pkce(options.pkceMethod ?? 'S256');
  const state = randomUUID();
  const authorize = await getAuthorize(target, {
    response_type: 'code',
    client_id: options.client.client_id,
    redirect_uri: redirectUri,
    state,
    scope: 'mcp',
    code_challenge: challenge?.challenge,
    code_challenge_method: challenge?.method,
    resource: options.resource,
  });
  expect(authorize.status, await authorize.clone().text()).toBe(302);
  const consent = new URL(authorize.headers.get('location')!);
  expect(`${consent.origin}${consent.pathname}`).toBe(`${target.appUrl}/oauth/authorize`);
  const forwarded = Object.fromEntries(consent.searchParams);
  const approve = await postApprove(
    target,
    {
      client_id: forwarded.client_id,
      redirect_uri: forwarded.redirect_uri,
      scope: forwarded.scope,
      code_challenge: forwarded.code_challenge,
      code_challenge_method: forwarded.code_challenge_method,
      state: forwarded.state,
      resource: forwarded.resource,
    },
    await sessionJwt(target, options.userId),
  );
  const approved = (await approve.json()) as { code: string; redirect_to: string };
  expect(approve.status, JSON.stringify(approved)).toBe(200);
  expect(approved.code).toMatch(/^mcp_code_[A-Za-z0-9_-]{32}$/);
  return {
    code: approved.code,
    redirectTo: approved.redirect_to,
    redirectUri,
    verifier: challenge?.verifier,
    state,
  };
}

/** The parameters of an authorization_code grant for an issued code, without the client's credentials. */
export function codeGrant(issued: IssuedCode) {
  return {
    grant_type: 'authorization_code',
    code: issued.code,
    redirect_uri: issued.redirectUri,
    code_verifier: issued.verifier,
  };
}

/** Exchanges an issued code for tokens with the client's own credentials. */
export function exchangeCode(
  target: ConformanceTarget,
  client: RegisteredClient,
  issued: IssuedCode,
  overrides: Record<string, string | undefined> = {},
): Promise<Response> {
  return postToken(target, {
    ...codeGrant(issued),
    client_id: client.client_id,
    client_secret: client.client_secret,
    ...overrides,
  });
}

/** Registration, authorization, approval and code exchange for a fresh user: a ready access token. */
export async function obtainTokens(
  target: ConformanceTarget,
  options: { userId?: string; client?: RegisteredClient } = {},
): Promise<{ userId: string; client: RegisteredClient; tokens: TokenResponse }> {
  const userId = options.userId ?? randomUUID();
  const client = options.client ?? (await registerClient(target));
  const issued = await authorizeAndApprove(target, { client, userId });
  const tokens = await expectTokens(await exchangeCode(target, client, issued));
  return { userId, client, tokens };
}

/** Refreshes with a refresh token. */
export function refresh(
  target: ConformanceTarget,
  client: RegisteredClient,
  refreshToken: string,
): Promise<Response> {
  return postToken(target, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.client_id,
    client_secret: client.client_secret,
  });
}
