import type { FilingDatabase } from '../storage/database.js';
import type { AuthInfo, RequestContext } from '@filing-mcp/protocol';
import { lazyOnce, withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import type { Kysely } from 'kysely';
import { type HashFunction, sha256Hex } from '../auth/hash.js';
import { CredentialCache } from '../auth/credential-cache.js';
import type { ResolvedFilingServerConfig } from '../config/config.js';
import type { DatabaseQuery } from '../storage/database-query.js';
import { errorSummary, type FilingLogger } from '../logging/filing-logger.js';
import { logSafeEvent } from '../logging/log-safety.js';
import type { FilingServerOptions } from './filing-server-options.js';

/** What every step of the composition shares: settings, clock, log, caches, the database. */
export interface ServerBasics {
  options: Omit<FilingServerOptions, 'config'>;
  config: ResolvedFilingServerConfig;
  hash: HashFunction;
  clock: () => number;
  log: FilingLogger;
  baseUrl: string;
  basePath: string;
  /** Which credential an AuthInfo came from (a prefix of its SHA-256), for the per-credential limit. */
  credentialKeys: WeakMap<AuthInfo, string>;
  /**
   * The verified credentials, built with the server: a revocation (`revokeApiKey`,
   * `forgetCredentials`, the OAuth server's ended tokens) reaches it before any part is built.
   */
  cache: CredentialCache;
  /** Background work (`waitUntil` where the runtime has it), which `close` waits for. */
  pending: Set<Promise<unknown>>;
  inBackground(context: RequestContext | undefined, work: Promise<unknown>): void;
  /** The database, opened once (when `db` is a function) by the first request that needs it. */
  lazyDb: () => Promise<Kysely<FilingDatabase>>;
  /** The driver's pool as a plain query (the serverless entries), opened once by its first use. */
  databaseQuery: (() => Promise<DatabaseQuery>) | undefined;
}

/** Step 1: the settings every other step reads, the credential cache and the lazy database. */
export function serverBasics(
  options: Omit<FilingServerOptions, 'config'>,
  config: ResolvedFilingServerConfig,
): ServerBasics {
  const { db } = options;
  const hash = options.hash ?? sha256Hex;
  const clock = options.now ?? Date.now;
  const sink = options.logger;
  const log: FilingLogger = sink === undefined ? () => {} : (event) => sink(logSafeEvent(event));
  const baseUrl = config.baseUrl;
  const basePath = config.basePath ?? withoutTrailingSlash(new URL(baseUrl).pathname);

  const credentialKeys = new WeakMap<AuthInfo, string>();
  const cache = new CredentialCache({ ttlMs: config.authCacheTtlMs, maxEntries: config.authCacheMaxEntries });
  const pending = new Set<Promise<unknown>>();

  function inBackground(context: RequestContext | undefined, work: Promise<unknown>): void {
    const tracked = work
      .catch((error) => log({ event: 'background_error', ...errorSummary(error) }))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
    context?.waitUntil?.(tracked);
  }

  const lazyDb: () => Promise<Kysely<FilingDatabase>> =
    typeof db === 'function' ? lazyOnce(db) : () => Promise.resolve(db);

  const databaseQuery = options.databaseQuery && lazyOnce(options.databaseQuery);
  return {
    options,
    config,
    hash,
    clock,
    log,
    baseUrl,
    basePath,
    credentialKeys,
    cache,
    pending,
    inBackground,
    lazyDb,
    databaseQuery,
  };
}
