import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './database-unavailable.js';
import { isNamedQuery, type NamingPool, type NamingPoolClient } from './named-query.js';

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
 * Its clients take pg's named statements too: {@link withNamedStatements} and
 * {@link withPgBouncerRetry} go on top of it, where the database is built.
 */
export function boundedPool(pool: PgPoolLike, settings: { acquireTimeoutMs: number }): NamingPool {
  const wrappers = new WeakMap<PgPoolClient, NamingPoolClient>();
  const broken = new WeakSet<PgPoolClient>();

  function wrap(client: PgPoolClient): NamingPoolClient {
    let wrapper = wrappers.get(client);
    if (wrapper !== undefined) return wrapper;
    const markBroken = (error: unknown) => {
      if (isDatabaseUnavailable(error)) broken.add(client);
      throw error;
    };
    wrapper = {
      query: ((query: unknown, values?: ReadonlyArray<unknown>) => {
        const named = client as unknown as NamingPoolClient;
        if (typeof query === 'string') return named.query(query, values ?? []).catch(markBroken);
        if (isNamedQuery(query)) return named.query(query).catch(markBroken);
        // A cursor: pg's to run and report.
        return client.query(query as never);
      }) as NamingPoolClient['query'],
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
      new Promise<NamingPoolClient>((resolve, reject) => {
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
