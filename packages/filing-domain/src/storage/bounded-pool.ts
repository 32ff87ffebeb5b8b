import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './database-unavailable.js';
import { NAMED_STATEMENTS } from './named-statements.js';

// A pooler that cannot keep named statements (PgBouncer before 1.21, or with
// max_prepared_statements = 0, in transaction mode) answers one of these when a statement prepared
// on one server connection is bound on another; nothing was executed, so the call is sent again
// unnamed, and the pool sends every later call unnamed.
const PREPARED_STATEMENT_LOST = new Set([
  '26000', // invalid_sql_statement_name: prepared statement "..." does not exist
  '42P05', // duplicate_prepared_statement: prepared statement "..." already exists
]);

/** A `pg` pool client: Kysely's view of it, plus `release(error)` to drop a broken connection. */
interface PgPoolClient extends PostgresPoolClient {
  release(destroy?: Error | boolean): void;
}

/**
 * A `pg` pool as {@link boundedPool} needs it. `options` and `Client` are passed through: Kysely
 * (0.29+) opens a control connection with them to cancel a query whose signal aborts.
 */
export interface PgPoolLike {
  connect(): Promise<PgPoolClient>;
  end(): Promise<void>;
  options?: object;
  Client?: PostgresPool['Client'];
}

/**
 * Wraps a `pg` pool for Kysely's `PostgresDialect` so that no request waits on the database longer
 * than the settings allow: acquiring a connection gives up after `acquireTimeoutMs` (a connection
 * that arrives later goes straight back), and a connection whose query failed because the server
 * was unreachable or too slow is dropped on release instead of reused, so the pool reconnects as
 * soon as the server answers again.
 *
 * With `namedStatements` (`DATABASE_NAMED_STATEMENTS`; the Node adapter's default) the creates
 * (registered in `NAMED_STATEMENTS` by `filing-statements.ts`) go as named
 * statements, which PostgreSQL parses and plans once per connection rather than on every call
 * (11-13 us of its CPU a create, measured with pgbench). Each name carries a hash of its text, so
 * two builds of the server never share a name for different statements. Behind a pooler that
 * cannot keep them, the first call that finds its statement gone is sent again unnamed, and so is
 * every call of the pool after it.
 */
export function boundedPool(
  pool: PgPoolLike,
  settings: { acquireTimeoutMs: number; namedStatements?: boolean },
): PostgresPool {
  const wrappers = new WeakMap<PgPoolClient, PostgresPoolClient>();
  const broken = new WeakSet<PgPoolClient>();
  let named = settings.namedStatements === true;

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
        const values = parameters ?? [];
        const name = named ? NAMED_STATEMENTS.get(sqlOrCursor) : undefined;
        if (name === undefined)
          return (client.query(sqlOrCursor, values) as Promise<unknown>).catch(markBroken);
        const query = client.query as unknown as (config: object) => Promise<unknown>;
        return query.call(client, { name, text: sqlOrCursor, values }).catch((error: unknown) => {
          if (!PREPARED_STATEMENT_LOST.has((error as { code?: unknown } | null)?.code as string)) {
            return markBroken(error);
          }
          named = false;
          return (client.query(sqlOrCursor, values) as Promise<unknown>).catch(markBroken);
        });
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
    options: pool.options ?? {},
    ...(pool.Client !== undefined && { Client: pool.Client }),
  };
}
