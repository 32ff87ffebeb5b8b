import { parseClientJsonObject } from './client-text.js';
import { OAuthError } from './errors.js';
import {
  canonicalRedirectUri,
  isRegisteredRedirectUri,
  MAX_REDIRECT_URIS,
  redirectUriProblem,
} from './redirect-uri.js';
import type { OAuthClientRecord, OAuthStore } from './store.js';
import type { OAuthLogEvent } from './log-event.js';

/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document, MCP SEP-991): a
 * client whose `client_id` is an https URL with a path is described by the JSON document at that
 * URL instead of a registration. The core validates the URL and the document and caches the result;
 * fetching (the network, and the refusal of private addresses) is the {@link ClientMetadataDocumentFetcher}'s.
 */

/** What a fetcher hands back: the body and the `Cache-Control` header of a 200 answer. */
export interface ClientMetadataDocumentResponse {
  body: string;
  cacheControl: string | null;
}

/**
 * Fetches a client metadata document safely. Implementations refuse (by throwing a
 * {@link ClientMetadataDocumentError} whose message says why) non-https URLs, addresses that are
 * loopback, private, link-local or otherwise special-use after DNS resolution, redirects, bodies
 * over a small size cap, non-200 answers, and answers slower than a short timeout.
 */
export interface ClientMetadataDocumentFetcher {
  fetch(url: URL): Promise<ClientMetadataDocumentResponse>;
}

/**
 * A refusal to fetch a client metadata document. The message goes to the server log only: the
 * caller gets {@link CLIENT_METADATA_DOCUMENT_FAILURE}, so the fetcher cannot be used to learn what
 * a name resolves to or whether a port answers.
 */
export class ClientMetadataDocumentError extends Error {
  override readonly name = 'ClientMetadataDocumentError';
}

/** `clientMetadataDocuments` of the server options. */
export interface ClientMetadataDocumentOptions {
  fetcher: ClientMetadataDocumentFetcher;
  /**
   * Development only: also take `http://` client IDs (the fetcher decides which addresses it will
   * reach; the Node fetcher allows http on loopback only). Default false.
   */
  allowHttp?: boolean;
  /** Most documents kept in the cache (least recently used ones go first). Default 1000. */
  cacheMaxEntries?: number;
  /** How long a document without `max-age` is cached, seconds. Default 300. */
  defaultMaxAgeSeconds?: number;
}

/** Longest time a document is cached, whatever its `max-age` says: 24 hours. */
export const MAX_DOCUMENT_CACHE_SECONDS = 24 * 3600;
const MAX_CLIENT_ID_URL_LENGTH = 2000;
const MAX_CLIENT_NAME_LENGTH = 200;
const SECRET_FIELDS = ['client_secret', 'client_secret_expires_at'] as const;
const GRANT_TYPES = new Set(['authorization_code', 'refresh_token']);

/** Resolves a `client_id` to a client: a registration from the store, or a validated metadata document. */
export type ClientResolver = (clientId: string) => Promise<OAuthClientRecord | undefined>;

/**
 * The one description every fetch or document failure answers with, whatever went wrong: which
 * address a name resolved to, a refused port, a non-HTTP answer or an HTTP status would otherwise
 * make the server a DNS and port scanner for anyone (no credential is needed). The detail is logged.
 */
export const CLIENT_METADATA_DOCUMENT_FAILURE =
  'the client metadata document could not be retrieved or is not valid (the server log has the reason)';

function invalidDocument(description: string): OAuthError {
  // 400 wherever it is raised first: the client is not authenticated by a document it cannot serve.
  return new OAuthError('invalid_client', `client metadata document: ${description}`, { status: 400 });
}

/**
 * Whether a client_id is meant as a metadata document URL (rather than a registered
 * `mcp_client_...`): it starts with `https://` (or `http://`, which is then refused unless allowed).
 */
export function isClientIdMetadataDocumentUrl(clientId: string): boolean {
  return clientId.startsWith('https://') || clientId.startsWith('http://');
}

/** The URL of a client_id that names a metadata document, or the rule it breaks. */
function clientIdUrl(clientId: string, allowHttp: boolean): URL {
  if (clientId.length > MAX_CLIENT_ID_URL_LENGTH) {
    throw invalidDocument(`the client_id URL must be at most ${MAX_CLIENT_ID_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    throw invalidDocument('the client_id is not a valid URL');
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    throw invalidDocument('the client_id URL must use https');
  }
  if (url.username || url.password) throw invalidDocument('the client_id URL must not contain credentials');
  if (clientId.includes('#')) throw invalidDocument('the client_id URL must not contain a fragment');
  const rawPath =
    clientId
      .slice(clientId.indexOf('//') + 2)
      .replace(/^[^/?]*/, '')
      .split('?')[0] ?? '';
  if (rawPath === '' || rawPath === '/') throw invalidDocument('the client_id URL must have a path');
  if (
    rawPath.split('/').some((segment) => segment === '.' || segment === '..' || /^%2e%2e?$/i.test(segment))
  ) {
    throw invalidDocument('the client_id URL must not contain . or .. path segments');
  }
  return url;
}

/** Seconds the answer may be cached: 0 for `no-store` / `no-cache`, else `max-age` capped at 24 h. */
export function documentCacheSeconds(cacheControl: string | null, defaultSeconds: number): number {
  if (cacheControl === null) return Math.min(defaultSeconds, MAX_DOCUMENT_CACHE_SECONDS);
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (directives.some((directive) => directive === 'no-store' || directive === 'no-cache')) return 0;
  for (const directive of directives) {
    const maxAge = /^max-age\s*=\s*"?(\d+)"?$/.exec(directive);
    if (maxAge) return Math.min(Number(maxAge[1]), MAX_DOCUMENT_CACHE_SECONDS);
  }
  return Math.min(defaultSeconds, MAX_DOCUMENT_CACHE_SECONDS);
}

/** Validates a fetched document against the rules of the draft and of MCP; answers the client it describes. */
export function clientFromMetadataDocument(clientId: string, body: string, now: number): OAuthClientRecord {
  const fields = parseClientJsonObject(
    body,
    invalidDocument,
    'the document is not valid JSON',
    'the document must be a JSON object',
  );
  if (fields.client_id !== clientId) {
    throw invalidDocument('its client_id must equal the URL it was fetched from, exactly');
  }
  for (const secret of SECRET_FIELDS) {
    if (secret in fields)
      throw invalidDocument(`it must not contain ${secret} (it describes a public client)`);
  }
  const authMethod = fields.token_endpoint_auth_method;
  if (authMethod !== undefined && authMethod !== 'none') {
    throw invalidDocument('token_endpoint_auth_method must be none (it describes a public client)');
  }
  const name = fields.client_name;
  if (typeof name !== 'string' || name.trim() === '') throw invalidDocument('client_name is required');
  if (name.length > MAX_CLIENT_NAME_LENGTH) {
    throw invalidDocument(`client_name must be at most ${MAX_CLIENT_NAME_LENGTH} characters`);
  }
  const redirectUris = fields.redirect_uris;
  if (!Array.isArray(redirectUris) || redirectUris.length === 0) {
    throw invalidDocument('redirect_uris must be a non-empty array');
  }
  if (redirectUris.length > MAX_REDIRECT_URIS) {
    throw invalidDocument(`redirect_uris may list at most ${MAX_REDIRECT_URIS} URIs`);
  }
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem !== undefined) throw invalidDocument(`redirect_uris: ${problem}`);
  }
  const grantTypes = fields.grant_types ?? ['authorization_code', 'refresh_token'];
  if (
    !Array.isArray(grantTypes) ||
    !grantTypes.includes('authorization_code') ||
    grantTypes.some((grant) => !GRANT_TYPES.has(grant as string))
  ) {
    throw invalidDocument(
      'grant_types must include authorization_code and hold only authorization_code and refresh_token',
    );
  }
  const responseTypes = fields.response_types ?? ['code'];
  if (!Array.isArray(responseTypes) || responseTypes.length !== 1 || responseTypes[0] !== 'code') {
    throw invalidDocument('response_types must be ["code"]');
  }
  return {
    clientId,
    clientSecretHash: null,
    clientName: name,
    redirectUris: redirectUris as string[],
    grantTypes: grantTypes as string[],
    responseTypes: ['code'],
    tokenEndpointAuthMethod: 'none',
    createdAt: now,
  };
}

interface CachedClient {
  client: OAuthClientRecord;
  expiresAt: number;
}

/**
 * The client resolver every endpoint uses: `mcp_client_...` IDs from the store as before; with
 * `options`, an https URL is fetched through the fetcher (one fetch at a time per URL), validated,
 * and cached in a bounded LRU for as long as its `Cache-Control` allows (at most 24 h). Failures
 * are never cached. A client_id URL that breaks a rule throws `invalid_client` (400) naming the
 * rule; a failed fetch or an invalid document throws `invalid_client` (400) with the one generic
 * {@link CLIENT_METADATA_DOCUMENT_FAILURE}, and logs the reason (`client_metadata_document_refused`).
 */
export function createClientResolver(
  store: OAuthStore,
  options: ClientMetadataDocumentOptions | undefined,
  now: () => number,
  log: (event: OAuthLogEvent) => void = () => {},
): ClientResolver {
  if (options === undefined) return (clientId) => store.getClient(clientId);
  const allowHttp = options.allowHttp ?? false;
  const maxEntries = options.cacheMaxEntries ?? 1000;
  const defaultSeconds = options.defaultMaxAgeSeconds ?? 300;
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new TypeError('cacheMaxEntries must be a positive integer');
  const cache = new Map<string, CachedClient>();
  const inFlight = new Map<string, Promise<OAuthClientRecord>>();

  /** Logs why a document was refused and answers the generic error. */
  function refused(clientId: string, stage: 'fetch' | 'document', detail: string): OAuthError {
    log({ event: 'client_metadata_document_refused', clientId, stage, detail });
    return new OAuthError('invalid_client', CLIENT_METADATA_DOCUMENT_FAILURE, { status: 400 });
  }

  async function fetchClient(clientId: string, url: URL): Promise<OAuthClientRecord> {
    let response: ClientMetadataDocumentResponse;
    try {
      response = await options!.fetcher.fetch(url);
    } catch (error) {
      throw refused(
        clientId,
        'fetch',
        error instanceof ClientMetadataDocumentError
          ? error.message
          : `the fetcher failed (${(error as Error)?.name ?? 'unknown error'})`,
      );
    }
    const fetchedAt = now();
    let client: OAuthClientRecord;
    try {
      client = clientFromMetadataDocument(clientId, response.body, fetchedAt);
    } catch (error) {
      if (error instanceof OAuthError) throw refused(clientId, 'document', error.message);
      throw error;
    }
    const seconds = documentCacheSeconds(response.cacheControl, defaultSeconds);
    if (seconds > 0) {
      cache.delete(clientId);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(clientId, { client, expiresAt: fetchedAt + seconds * 1000 });
    }
    return client;
  }

  return async (clientId) => {
    if (!isClientIdMetadataDocumentUrl(clientId)) return store.getClient(clientId);
    const url = clientIdUrl(clientId, allowHttp);
    const cached = cache.get(clientId);
    if (cached !== undefined) {
      cache.delete(clientId);
      if (cached.expiresAt > now()) {
        cache.set(clientId, cached);
        return cached.client;
      }
    }
    let pending = inFlight.get(clientId);
    if (pending === undefined) {
      pending = fetchClient(clientId, url).finally(() => inFlight.delete(clientId));
      inFlight.set(clientId, pending);
    }
    return pending;
  };
}

const LOOPBACK_REDIRECT_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether every redirect URI goes to this machine (localhost or a loopback address): the consent
 * page warns then, since any program on the user's machine could be the client such a document names.
 */
export function redirectsOnlyToLoopback(redirectUris: readonly string[]): boolean {
  return (
    redirectUris.length > 0 &&
    redirectUris.every((uri) => {
      try {
        const url = new URL(uri);
        return (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          (LOOPBACK_REDIRECT_HOSTS.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname))
        );
      } catch {
        return false;
      }
    })
  );
}

/**
 * Whether a client may be sent to `redirectUri`: a registered client as registration allows
 * (the same canonical URI, or a loopback http URI on any port, RFC 8252); a metadata-document
 * client only to a URI its document lists (the same canonical URI).
 */
export function acceptsRedirectUri(client: OAuthClientRecord, redirectUri: string): boolean {
  if (!isClientIdMetadataDocumentUrl(client.clientId)) {
    return isRegisteredRedirectUri(client.redirectUris, redirectUri);
  }
  const canonical = canonicalRedirectUri(redirectUri);
  return (
    canonical !== undefined && client.redirectUris.some((uri) => canonicalRedirectUri(uri) === canonical)
  );
}
