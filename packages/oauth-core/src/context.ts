import { type ClientResolver, createClientResolver } from './client-id-metadata-document.js';
import { sha256Hex } from './crypto.js';
import { createScopeSet, type ScopeSet } from './scopes.js';
import { createSessionJwtVerifier, type SessionJwtVerifier } from './session-jwt.js';
import type { OAuthStore } from './store.js';
import type { OAuthLogEvent, OAuthServerOptions } from './types.js';

/** Server options resolved once, with defaults, shared by the endpoint handlers. */
export interface OAuthContext {
  /** Issuer and resource: `baseUrl` without a trailing slash. */
  issuer: string;
  appUrl: string;
  store: OAuthStore;
  /** Finds a client: a registration in the store, or a Client ID Metadata Document when enabled. */
  resolveClient: ClientResolver;
  /** Whether Client ID Metadata Documents are accepted (a fetcher was configured). */
  clientMetadataDocuments: boolean;
  hash: (input: string) => Promise<string>;
  verifySession: SessionJwtVerifier;
  lifetimes: { authorizationCode: number; accessToken: number; refreshToken: number };
  /** Every client must send a PKCE `code_challenge` (OAuth 2.1). */
  requirePkce: boolean;
  refreshGraceSeconds: number;
  /** The scopes this server grants, with their hierarchy. */
  scopes: ScopeSet;
  now: () => number;
  log: (event: OAuthLogEvent) => void;
  /** Reports access tokens that just stopped being valid (hashes); never throws. */
  credentialsEnded: (accessTokenHashes: readonly string[]) => void;
}

function positiveSeconds(name: string, value: number | undefined, fallback: number): number {
  const seconds = value ?? fallback;
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new TypeError(`lifetimes.${name} must be a positive number`);
  return seconds;
}

/**
 * Removes trailing slashes so `issuer` and `resource` are byte-identical everywhere (RFC 8414 and
 * RFC 9728, section 3.3 of each, compare them exactly).
 */
export function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Resolves the options; throws a TypeError on a configuration mistake, at start-up rather than per request. */
export function createContext(options: OAuthServerOptions): OAuthContext {
  // Validated as URLs but kept as written: the issuer must be byte-identical to the configuration.
  new URL(options.baseUrl);
  new URL(options.appUrl);
  const issuer = withoutTrailingSlash(options.baseUrl);
  const appUrl = withoutTrailingSlash(options.appUrl);
  const hash = options.hash ?? sha256Hex;
  const logger = options.logger;
  const onCredentialsEnded = options.onCredentialsEnded;
  const grace = options.refreshGraceSeconds ?? 0;
  const now = options.now ?? Date.now;
  if (!Number.isFinite(grace) || grace < 0) throw new TypeError('refreshGraceSeconds must be 0 or more');
  const log = (event: OAuthLogEvent): void => {
    if (!logger) return;
    try {
      logger(event);
    } catch {
      // A failing logger must not turn a correct answer into an error.
    }
  };
  return {
    issuer,
    appUrl,
    store: options.store,
    resolveClient: createClientResolver(options.store, options.clientMetadataDocuments, () => now(), log),
    clientMetadataDocuments: options.clientMetadataDocuments !== undefined,
    hash: async (input) => hash(input),
    verifySession: createSessionJwtVerifier(options.session, (reason) =>
      log({ event: 'session_refused', reason }),
    ),
    lifetimes: {
      authorizationCode: positiveSeconds('authorizationCode', options.lifetimes?.authorizationCode, 300),
      accessToken: positiveSeconds('accessToken', options.lifetimes?.accessToken, 3600),
      refreshToken: positiveSeconds('refreshToken', options.lifetimes?.refreshToken, 30 * 24 * 3600),
    },
    requirePkce: options.requirePkce ?? options.requirePkceForPublicClients ?? true,
    refreshGraceSeconds: grace,
    scopes: createScopeSet(options.scopes),
    now,
    log,
    credentialsEnded: (accessTokenHashes) => {
      if (!onCredentialsEnded || accessTokenHashes.length === 0) return;
      try {
        onCredentialsEnded(accessTokenHashes);
      } catch {
        // The database already holds the revocation; a failing listener only delays its effect to the TTL.
      }
    },
  };
}
