import { OAuthError } from './errors.js';
import { isConfiguredResource } from './resource-indicator.js';
import type { ScopeSet } from './scopes.js';
import { acceptsRedirectUri, type ClientResolver } from './client-id-metadata-document.js';
import { canonicalRedirectUri } from './redirect-uri.js';
import type { CodeChallengeMethod, OAuthClientRecord } from './store.js';

/** An authorization request that passed every check of `/authorize` (and of `/approve`). */
export interface AuthorizationRequest {
  client: OAuthClientRecord;
  redirectUri: string;
  state: string | undefined;
  scope: string;
  resource: string;
  codeChallenge: string | null;
  codeChallengeMethod: CodeChallengeMethod | null;
}

/** Outcome of validating an authorization request. */
export type AuthorizationValidation =
  | { ok: true; request: AuthorizationRequest }
  /** Client or redirect URI not trusted: answer JSON, never redirect (RFC 6749 section 4.1.2.1). */
  | { ok: false; error: OAuthError; redirectUri?: undefined; state?: undefined }
  /** Client and redirect URI are trusted: the error goes back to the redirect URI. */
  | { ok: false; error: OAuthError; redirectUri: string; state: string | undefined };

/** `invalid_scope` naming the scope at fault and the ones this server grants. */
export function unknownScope(scopes: ScopeSet, unknown: string): OAuthError {
  const shown = unknown.length > 64 ? `${unknown.slice(0, 64)}...` : unknown;
  return new OAuthError('invalid_scope', `unknown scope "${shown}"; supported: ${scopes.names.join(', ')}`);
}

const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** A plain challenge is the verifier itself: 43-128 unreserved characters (RFC 7636 section 4.1). */
const PLAIN_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

/** What the validation needs of the server (its `OAuthContext`). */
export interface AuthorizationRequestSettings {
  /** The server's `{base_url}`, the only resource it grants. */
  issuer: string;
  resolveClient: ClientResolver;
  /** Every client must send a `code_challenge` (OAuth 2.1 section 4.1.1). */
  requirePkce: boolean;
  scopes: ScopeSet;
}

/**
 * Validates the parameters of an authorization request, in the same way for `/authorize` and
 * `/approve` (docs/oauth.md#consent), so nothing the consent app forwards can widen what
 * `/authorize` allowed.
 *
 * @param settings - the server's context
 * @param params - single-valued parameters (duplicates are rejected by the caller)
 * @param requireResponseType - `/authorize` needs `response_type=code`; `/approve` checks it only when sent
 */
export async function validateAuthorizationRequest(
  settings: AuthorizationRequestSettings,
  params: ReadonlyMap<string, string>,
  requireResponseType: boolean,
): Promise<AuthorizationValidation> {
  const clientId = params.get('client_id');
  if (!clientId) return { ok: false, error: new OAuthError('invalid_request', 'client_id is required') };
  let client: OAuthClientRecord | undefined;
  try {
    client = await settings.resolveClient(clientId);
  } catch (error) {
    // A metadata document that breaks a rule: its redirect URIs are not trusted, so never redirect.
    if (error instanceof OAuthError) return { ok: false, error };
    throw error;
  }
  if (!client)
    return { ok: false, error: new OAuthError('invalid_client', 'unknown client_id', { status: 400 }) };
  const requestedRedirectUri = params.get('redirect_uri');
  if (!requestedRedirectUri)
    return { ok: false, error: new OAuthError('invalid_request', 'redirect_uri is required') };
  if (!acceptsRedirectUri(client, requestedRedirectUri)) {
    return {
      ok: false,
      error: new OAuthError('invalid_redirect_uri', 'redirect_uri is not registered for this client'),
    };
  }

  // The canonical form: what the code records, what /token compares and where the answer goes.
  const redirectUri = canonicalRedirectUri(requestedRedirectUri)!;
  const state = params.get('state');
  const fail = (error: OAuthError): AuthorizationValidation => ({ ok: false, error, redirectUri, state });

  const responseType = params.get('response_type');
  if (responseType === undefined || responseType === '') {
    if (requireResponseType) return fail(new OAuthError('invalid_request', 'response_type is required'));
  } else if (responseType !== 'code') {
    return fail(new OAuthError('unsupported_response_type', 'response_type must be code'));
  }
  if (!client.grantTypes.includes('authorization_code')) {
    return fail(new OAuthError('unauthorized_client', 'the client is not registered for authorization_code'));
  }

  const scope = settings.scopes.parse(params.get('scope'));
  if ('unknown' in scope) return fail(unknownScope(settings.scopes, scope.unknown));

  const resource = params.get('resource');
  if (resource !== undefined && !isConfiguredResource(resource, settings.issuer)) {
    return fail(new OAuthError('invalid_target', 'resource must be the address of this server'));
  }

  const challenge = params.get('code_challenge');
  const method = params.get('code_challenge_method');
  let codeChallenge: string | null = null;
  let codeChallengeMethod: CodeChallengeMethod | null = null;
  if (method !== undefined && method !== 'S256' && method !== 'plain') {
    return fail(new OAuthError('invalid_request', 'code_challenge_method must be S256 or plain'));
  }
  if (challenge === undefined || challenge === '') {
    if (method !== undefined) {
      return fail(new OAuthError('invalid_request', 'code_challenge_method was sent without code_challenge'));
    }
    if (settings.requirePkce) {
      return fail(new OAuthError('invalid_request', 'code_challenge is required (PKCE, S256 recommended)'));
    }
  } else {
    codeChallengeMethod = method ?? 'plain';
    const pattern = codeChallengeMethod === 'S256' ? S256_CHALLENGE : PLAIN_CHALLENGE;
    if (!pattern.test(challenge)) {
      return fail(
        new OAuthError(
          'invalid_request',
          codeChallengeMethod === 'S256'
            ? 'code_challenge must be 43 base64url characters for S256'
            : 'code_challenge must be 43-128 unreserved characters for plain',
        ),
      );
    }
    codeChallenge = challenge;
  }

  return {
    ok: true,
    request: {
      client,
      redirectUri,
      state,
      scope: scope.scope,
      resource: settings.issuer,
      codeChallenge,
      codeChallengeMethod,
    },
  };
}
