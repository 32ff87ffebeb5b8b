import type { FilingDatabase } from '../storage/database.js';
import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import type { OAuthServer } from '@filing-mcp/oauth-core';
import type { AuthInfo, RequestContext } from '@filing-mcp/protocol';
import { lazyOnce } from '@filing-mcp/protocol/internal';
import { CompiledQuery, type Kysely } from 'kysely';
import type { DatabaseQuery } from '../storage/database-query.js';
import { API_KEY_PATTERN, API_KEY_PREFIX, touchApiKey, verifyApiKey } from './api-keys.js';
import type { CredentialCache } from './credential-cache.js';
import type { HashFunction } from './hash.js';

/** Prefix of the OAuth access tokens this server issues. */
const ACCESS_TOKEN_PREFIX = 'mcp_at_';
// Longer than any credential we issue (API key 67, access token 50); longer ones are refused
// before hashing, so a huge header cannot make us hash megabytes.
const MAX_CREDENTIAL_LENGTH = 256;
// The API key check updates last_used_at asynchronously (docs/spec-differences.md#authentication); about once a minute per key is plenty for a
// "last used" column and keeps hot keys from writing on every call.
const LAST_USED_INTERVAL_MS = 60_000;

/** What {@link createAuthenticator} needs: the database, the cache and the OAuth server (loaded lazily). */
export interface AuthenticatorOptions {
  /** The database, opened by the first credential that needs it (Kysely on PostgreSQL or PGlite). */
  db: () => Promise<Kysely<FilingDatabase>>;
  /**
   * The same database as a plain query function on its driver's pool (the serverless entries):
   * the API-key check then waits for pg only, not for Kysely. Without it the statements go through
   * `db`'s `executeQuery`, as text all the same.
   */
  query?: () => Promise<DatabaseQuery>;
  /** This server's resource URL: an access token bound to another resource is refused (RFC 8707). */
  baseUrl: string;
  hash: HashFunction;
  clock: () => number;
  cache: CredentialCache;
  /** Which credential an AuthInfo came from (a prefix of its SHA-256), for the per-credential limit. */
  credentialKeys: WeakMap<AuthInfo, string>;
  /** Most API keys whose last-used write this instance remembers (then it forgets them all). */
  maxTouchedKeys: number;
  inBackground(context: RequestContext | undefined, work: Promise<unknown>): void;
  oauth: () => Promise<OAuthServer>;
}

/**
 * The credential check of the MCP endpoint: an API key (`nf_...`, looked up by its hash) or an
 * OAuth access token (`mcp_at_...`, verified by the OAuth server), cached by hash for a short time.
 * Answers `undefined` for anything else, so the core answers 401 with its challenge.
 */
export function createAuthenticator(options: AuthenticatorOptions) {
  const { baseUrl, hash, clock, cache, credentialKeys, oauth } = options;
  // The statements go as text (auth/api-keys.ts), never through the query builder: nothing is
  // compiled on a credential check, the first of a cold start included.
  const query = lazyOnce(
    options.query ??
      (async (): Promise<DatabaseQuery> => {
        const db = await options.db();
        return (text, values) => db.executeQuery(CompiledQuery.raw(text, [...values]));
      }),
  );
  // Keys whose last-used time this instance has written recently: stops a burst of parallel
  // first calls from each scheduling a write.
  const recentlyTouched = new Map<string, number>();

  function touchInBackground(
    context: RequestContext | undefined,
    keyId: string,
    lastUsedAt: number | null,
    now: number,
  ): void {
    if (lastUsedAt !== null && now - lastUsedAt < LAST_USED_INTERVAL_MS) return;
    const touched = recentlyTouched.get(keyId);
    if (touched !== undefined && now - touched < LAST_USED_INTERVAL_MS) return;
    if (recentlyTouched.size >= options.maxTouchedKeys) recentlyTouched.clear();
    recentlyTouched.set(keyId, now);
    const write = query().then((run) =>
      touchApiKey(run, keyId, { now, minIntervalMs: LAST_USED_INTERVAL_MS }),
    );
    options.inBackground(context, write);
  }

  async function authenticate(
    credential: string,
    _request: Request,
    context?: RequestContext,
  ): Promise<AuthInfo | undefined> {
    if (credential.length > MAX_CREDENTIAL_LENGTH) return undefined;
    const isApiKey = credential.startsWith(API_KEY_PREFIX);
    if (isApiKey ? !API_KEY_PATTERN.test(credential) : !credential.startsWith(ACCESS_TOKEN_PREFIX)) {
      return undefined;
    }
    const credentialHash = await hash(credential);
    const now = clock();
    const cached = cache.get(credentialHash, now);
    if (cached !== undefined) return cached;

    if (isApiKey) {
      const apiKey = await verifyApiKey(await query(), credential, { keyHash: credentialHash, now });
      if (apiKey === undefined) return undefined;
      const auth: AuthInfo = {
        userId: apiKey.userId,
        scopes: apiKey.scope.split(' '),
        credentialPrefix: apiKey.prefix,
        ...(apiKey.expiresAt !== null && { expiresAt: Math.floor(apiKey.expiresAt / 1000) }),
      };
      credentialKeys.set(auth, credentialHash.slice(0, 32));
      cache.set(credentialHash, auth, now, apiKey.expiresAt);
      touchInBackground(context, apiKey.id, apiKey.lastUsedAt, now);
      return auth;
    }

    const token = await (await oauth()).verifyAccessToken(credential);
    if (token === undefined) return undefined;
    // RFC 8707: a token bound to another resource is not for this server.
    if (token.resource && withoutTrailingSlash(token.resource) !== baseUrl) return undefined;
    const auth: AuthInfo = {
      userId: token.userId,
      clientId: token.clientId,
      scopes: token.scope.split(' ').filter(Boolean),
      credentialPrefix: ACCESS_TOKEN_PREFIX,
      expiresAt: token.expiresAt,
    };
    credentialKeys.set(auth, credentialHash.slice(0, 32));
    cache.set(credentialHash, auth, now, token.expiresAt * 1000);
    return auth;
  }

  return {
    authenticate,
    /** Forgets the keys written recently (on close). */
    forgetTouched: () => recentlyTouched.clear(),
  };
}
