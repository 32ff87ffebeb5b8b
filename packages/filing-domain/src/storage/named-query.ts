import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/** A named (protocol-level) prepared statement, as pg's `client.query(config)` takes it. */
export interface NamedQuery {
  name: string;
  text: string;
  values: ReadonlyArray<unknown>;
}

/**
 * A Kysely `PostgresPoolClient` whose `query` also takes a {@link NamedQuery}, as pg's clients
 * do: what the pool decorators of this folder hand each other.
 */
export interface NamingPoolClient extends PostgresPoolClient {
  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(named: NamedQuery): Promise<PostgresQueryResult<R>>;
}

/** A Kysely `PostgresPool` of {@link NamingPoolClient}s (a `pg` pool, or one decorated). */
export interface NamingPool extends PostgresPool {
  connect(): Promise<NamingPoolClient>;
}

/** Whether `query`'s argument is a named statement (and not a text or a cursor, which has `submit`). */
export function isNamedQuery(value: unknown): value is NamedQuery {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { name?: unknown }).name === 'string' &&
    typeof (value as { submit?: unknown }).submit !== 'function'
  );
}

/**
 * `pool` with each client seen through `wrap`, made once per client: Kysely's driver keeps one
 * connection per client object, so a client must come back as the same wrapper every time.
 */
export function decoratePool(
  pool: NamingPool,
  wrap: (client: NamingPoolClient) => NamingPoolClient,
): NamingPool {
  const wrappers = new WeakMap<NamingPoolClient, NamingPoolClient>();
  return {
    connect: () =>
      pool.connect().then((client) => {
        let wrapper = wrappers.get(client);
        if (wrapper === undefined) {
          wrapper = wrap(client);
          wrappers.set(client, wrapper);
        }
        return wrapper;
      }),
    end: () => pool.end(),
    options: pool.options,
    ...(pool.Client !== undefined && { Client: pool.Client }),
  };
}
