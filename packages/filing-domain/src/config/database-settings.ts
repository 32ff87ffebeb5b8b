import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type * as z from 'zod';
import type { databaseSettingsSchema } from './database-settings-schema.js';

/**
 * PostgreSQL pool settings (environment variables in brackets):
 *
 * - `poolMax` (`DATABASE_POOL_MAX`, or `PG_POOL_MAX`): connections per process or instance;
 * - `connectTimeoutMs` (`DATABASE_CONNECT_TIMEOUT_MS`, 5000): opening one connection;
 * - `acquireTimeoutMs` (`DATABASE_ACQUIRE_TIMEOUT_MS`, 5000): a request waiting for a connection
 *   of the pool, queueing and connecting included;
 * - `statementTimeoutMs` (`DATABASE_STATEMENT_TIMEOUT_MS`, 10000): one query's answer. Enforced by
 *   the client, not as a server setting, so that it also ends a wait on a frozen server and works
 *   through poolers that refuse start-up parameters (PgBouncer); the connection is then dropped;
 * - `idleTimeoutMs` (`DATABASE_IDLE_TIMEOUT_MS`, 10000): an idle connection is closed after it.
 */
export type DatabaseSettings = z.input<typeof databaseSettingsSchema>;

/** {@link DatabaseSettings} with defaults applied. */
export type ResolvedDatabaseSettings = z.output<typeof databaseSettingsSchema>;

/**
 * The `pg.Pool` options for these settings (`max`, `connectionTimeoutMillis`,
 * `idleTimeoutMillis`, `query_timeout`); spread them into `new pg.Pool({ connectionString, ... })`
 * and hand the pool to {@link boundedPool}.
 */
export function pgPoolOptions(settings: ResolvedDatabaseSettings & { poolMax: number }) {
  return {
    max: settings.poolMax,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    idleTimeoutMillis: settings.idleTimeoutMs,
    query_timeout: settings.statementTimeoutMs,
  };
}

/** The database did not answer in time or could not be reached; the request may be retried. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  readonly code = 'database_unavailable';
}

/** A `pg` pool client: Kysely's view of it, plus `release(error)` to drop a broken connection. */
interface PgPoolClient extends PostgresPoolClient {
  release(destroy?: Error | boolean): void;
}

/** A `pg` pool as {@link boundedPool} needs it. */
export interface PgPoolLike {
  connect(): Promise<PgPoolClient>;
  end(): Promise<void>;
}

// SQLSTATE classes and codes that mean "the server is not there or not answering", as opposed to
// a query the server refused: 08 connection exceptions, 57P01-57P03 shutdown / cannot connect
// now, 53300 too many connections, 57014 statement cancelled (a server-side statement_timeout).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300|57014)$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg and pg-pool report their own timeouts and lost connections with these messages only.
const UNAVAILABLE_MESSAGE =
  /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable)$/;

/**
 * Whether an error means the database is down or did not answer in time (rather than a bug or a
 * refused query): such requests answer 503 with `Retry-After` instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
    return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/**
 * Wraps a `pg` pool for Kysely's `PostgresDialect` so that no request waits on the database longer
 * than the settings allow: acquiring a connection gives up after `acquireTimeoutMs` (a connection
 * that arrives later goes straight back), and a connection whose query failed because the server
 * was unreachable or too slow is dropped on release instead of reused, so the pool reconnects as
 * soon as the server answers again.
 */
export function boundedPool(pool: PgPoolLike, settings: { acquireTimeoutMs: number }): PostgresPool {
  const wrappers = new WeakMap<PgPoolClient, PostgresPoolClient>();
  const broken = new WeakSet<PgPoolClient>();

  function wrap(client: PgPoolClient): PostgresPoolClient {
    let wrapper = wrappers.get(client);
    if (wrapper !== undefined) return wrapper;
    const markBroken = (error: unknown) => {
      if (isDatabaseUnavailable(error)) broken.add(client);
      throw error;
    };
    wrapper = {
      query: ((sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>) => {
        if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
        return (client.query(sqlOrCursor, parameters ?? []) as Promise<unknown>).catch(markBroken);
      }) as PostgresPoolClient['query'],
      release() {
        if (broken.has(client)) {
          broken.delete(client);
          client.release(true);
        } else {
          client.release();
        }
      },
    };
    wrappers.set(client, wrapper);
    return wrapper;
  }

  return {
    connect: () =>
      new Promise<PostgresPoolClient>((resolve, reject) => {
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          reject(new DatabaseUnavailableError('timed out waiting for a database connection'));
        }, settings.acquireTimeoutMs);
        pool.connect().then(
          (client) => {
            if (timedOut) client.release();
            else {
              clearTimeout(timer);
              resolve(wrap(client));
            }
          },
          (error: unknown) => {
            if (timedOut) return;
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
    end: () => pool.end(),
  };
}
