import { decoratePool, type NamingPool, type NamingPoolClient } from './named-query.js';

/** Statement texts to the names they are prepared under, e.g. `FILING_NAMED_STATEMENTS`. */
export type NamedStatements = ReadonlyMap<string, string>;

/**
 * Kysely's `pool` for `PostgresDialect`, whose clients send each statement text of `statements` as
 * a named (protocol-level) prepared statement, which PostgreSQL parses and plans once per
 * connection rather than on every call; every other text goes as it came. The catalogue is
 * explicit: the database's builder (the adapter) passes the statements it wants named, and nothing
 * is registered behind its back.
 *
 * Behind a pooler that cannot keep named statements, put {@link withPgBouncerRetry} beneath it.
 *
 * @example
 * ```ts
 * const pool = withNamedStatements(withPgBouncerRetry(boundedPool(pg, settings)), FILING_NAMED_STATEMENTS);
 * const db = new Kysely<FilingDatabase>({ dialect: new PostgresDialect({ pool }) });
 * ```
 */
export function withNamedStatements(pool: NamingPool, statements: NamedStatements): NamingPool {
  return decoratePool(
    pool,
    (client): NamingPoolClient => ({
      query: ((textOrCursor: unknown, values?: ReadonlyArray<unknown>) => {
        const name = typeof textOrCursor === 'string' ? statements.get(textOrCursor) : undefined;
        if (name === undefined) return client.query(textOrCursor as never, values as never);
        return client.query({ name, text: textOrCursor as string, values: values ?? [] });
      }) as NamingPoolClient['query'],
      release: (destroy) => client.release(destroy),
    }),
  );
}
