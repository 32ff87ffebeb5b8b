import type { ClientMetadataDocumentOptions } from './client-id-metadata-document.js';
import type { OAuthLogEvent } from './log-event.js';
import type { ScopeDefinition } from './scopes.js';
import type { OAuthClientRecord, OAuthStore } from './store.js';

/** SHA-256 of a UTF-8 string, lower-case hex. May be synchronous (Node's createHash) or async (WebCrypto). */
export type HashFunction = (input: string) => string | Promise<string>;

/** What a valid `mcp_at_...` access token stands for. */
export interface AccessTokenInfo {
  userId: string;
  clientId: string;
  /** Space-separated granted scope, e.g. `mcp` or `filings:read`. */
  scope: string;
  /** Expiry, Unix seconds. */
  expiresAt: number;
  /** RFC 8707 resource the token is bound to. */
  resource: string;
}

/** How `/approve` verifies the companion app's user session JWT (with jose). */
export interface SessionJwtOptions {
  /** HS256 shared secret. Exactly one of `secret` and `jwksUrl` is required. */
  secret?: string | Uint8Array;
  /** JWKS URL for asymmetric session tokens. */
  jwksUrl?: string;
  /** Expected `iss`, checked when set. */
  issuer?: string;
  /** Expected `aud`, checked when set. */
  audience?: string;
  /**
   * Longest a session JWT is honoured, seconds; default 86400 (a day). A token without `iat`, issued
   * longer ago than this, or whose `exp - iat` is longer, is refused (401), whatever its `exp`.
   */
  maxAgeSeconds?: number;
}

/** Lifetimes in seconds. */
export interface OAuthLifetimes {
  /** Authorization code, default 300. */
  authorizationCode?: number;
  /** Access token, default 3600. */
  accessToken?: number;
  /** Refresh token, default 30 days. */
  refreshToken?: number;
}

export type { OAuthLogEvent } from './log-event.js';

/** Options of {@link createOAuthServer}. */
export interface OAuthServerOptions {
  /** `{base_url}`: the issuer and the RFC 8707 resource, exactly (a trailing slash is removed). Never taken from the request. */
  baseUrl: string;
  /** Path prefix of incoming requests; default the pathname of `baseUrl`. */
  basePath?: string;
  /** `{app_url}`: `/authorize` redirects to `${appUrl}/oauth/authorize`. */
  appUrl: string;
  /** Storage of clients, codes and tokens. */
  store: OAuthStore;
  /** How `/approve` verifies the user session JWT. */
  session: SessionJwtOptions;
  /** SHA-256 hex used for secrets and tokens at rest; default WebCrypto. */
  hash?: HashFunction;
  /** Credential lifetimes in seconds. */
  lifetimes?: OAuthLifetimes;
  /**
   * OAuth 2.1: every client, confidential ones included, must send a PKCE `code_challenge`. Default
   * true. False lets a client skip PKCE, which leaves its codes open to injection and, for a public
   * client, to theft at the redirect.
   */
  requirePkce?: boolean;
  /** @deprecated Use {@link OAuthServerOptions.requirePkce}; it now applies to every client. */
  requirePkceForPublicClients?: boolean;
  /** Seconds during which an already-rotated refresh token may be presented again without revoking its grant. Default 0. */
  refreshGraceSeconds?: number;
  /**
   * The scopes clients may request, in the order `scopes_supported` lists them; must include `mcp`
   * (the default when a request names none). Default: `mcp` alone.
   */
  scopes?: readonly ScopeDefinition[];
  /**
   * Accept Client ID Metadata Documents: a `client_id` that is an https URL with a path names a
   * JSON document describing a public client, fetched through `fetcher` (which must refuse private
   * addresses, redirects and large or slow answers). Advertised as
   * `client_id_metadata_document_supported: true`. Default: off (only registered clients).
   */
  clientMetadataDocuments?: ClientMetadataDocumentOptions;
  /** Clock in epoch milliseconds; default `Date.now`. */
  now?: () => number;
  /** Receives log-safe events. */
  logger?: (event: OAuthLogEvent) => void;
  /**
   * Called, right after the database change, with the SHA-256 hex of every access token this server
   * just ended: `/revoke`, a replayed authorization code (its whole grant), a refresh rotation (the
   * previous pair) and a reused refresh token (its whole grant). A cache of verified tokens drops
   * them here so that revocation takes effect at once in this process.
   */
  onCredentialsEnded?: (accessTokenHashes: readonly string[]) => void;
  /**
   * Recognises a store failure the client should retry (the database is down or did not answer in
   * time) and returns the seconds for `Retry-After`; the endpoint then answers 503
   * (`temporarily_unavailable`) instead of 500. Default: every store failure is a 500.
   */
  unavailable?: (error: unknown) => number | undefined;
}

/** What `completeAuthorization` needs: the user who consented and the request they saw. */
export interface CompletedAuthorization {
  /**
   * The user who approved, already authenticated by the caller (a companion page's session). It
   * must be a user id a session JWT's `sub` could carry, else the call is refused as `/approve`
   * refuses a missing or bad session JWT (401).
   */
  userId: string;
  /**
   * The authorization request's parameters as `/authorize` received them and the consent page
   * forwarded them (`client_id`, `redirect_uri`, `scope`, `state`, `code_challenge`,
   * `code_challenge_method`, `resource`); each is validated again, as `/approve` does.
   */
  params: Readonly<Record<string, string | undefined>> | ReadonlyMap<string, string>;
}

/** The code issued, and where the browser goes with it (the redirect URI with `code`, `state`, `iss`). */
export interface AuthorizationGrant {
  code: string;
  redirectTo: string;
}

/** The object {@link createOAuthServer} returns. */
export interface OAuthServer {
  /**
   * Answers an OAuth or well-known route, or `undefined` when the path is none of them. Answers carry
   * no CORS headers, and `OPTIONS` gets 200 with `Allow` only, which browsers do not take as a
   * preflight answer: the embedding server adds CORS headers and answers preflights.
   */
  handle(request: Request): Promise<Response | undefined>;
  /** {@link OAuthServer.handle}, or 404 JSON. */
  fetch(request: Request): Promise<Response>;
  /** Resource-server check of an `mcp_at_...` token; `undefined` when unknown, expired, revoked or for another resource. */
  verifyAccessToken(token: string): Promise<AccessTokenInfo | undefined>;
  /**
   * Deletes expired tokens and expired unused codes; adapters schedule it. A used code stays until
   * no token issued from it remains, so that its replay still revokes them.
   */
  cleanup(): Promise<{ codes: number; tokens: number }>;
  /**
   * The client a `client_id` names, as the endpoints see it: a registration, or (when enabled) the
   * validated Client ID Metadata Document. `undefined` when unknown; throws an {@link OAuthError}
   * (`invalid_client`) naming the rule a client_id URL breaks, or with one generic description when
   * its document cannot be fetched or is invalid (the reason is logged). Consent pages use it.
   */
  resolveClient(clientId: string): Promise<OAuthClientRecord | undefined>;
  /**
   * `/approve` in process, for a consent page the same process serves: issues the code of a
   * request `userId` approved (the caller authenticated that user), with the parameters validated
   * again. Throws the {@link ApproveError} `/approve` would answer for the same input (401 for an
   * unusable user id, 400 with its `detail`, 503 or 500), having written nothing.
   */
  completeAuthorization(authorization: CompletedAuthorization): Promise<AuthorizationGrant>;
  /** The precomputed discovery documents. */
  metadata: {
    authorizationServer: AuthorizationServerMetadata;
    protectedResource: ProtectedResourceMetadata;
  };
}

/** RFC 8414 authorization server metadata as served. */
export interface AuthorizationServerMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint: string;
  revocation_endpoint: string;
  response_types_supported: string[];
  grant_types_supported: string[];
  code_challenge_methods_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  revocation_endpoint_auth_methods_supported: string[];
  scopes_supported: string[];
  authorization_response_iss_parameter_supported: boolean;
  /** Present (true) when Client ID Metadata Documents are accepted. */
  client_id_metadata_document_supported?: boolean;
}

/** RFC 9728 protected resource metadata as served. */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  scopes_supported: string[];
  bearer_methods_supported: string[];
}
