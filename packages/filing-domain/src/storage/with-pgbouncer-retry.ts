import { decoratePool, isNamedQuery, type NamingPool, type NamingPoolClient } from './named-query.js';

// A pooler that cannot keep named statements (PgBouncer before 1.21, or with
// max_prepared_statements = 0, in transaction mode) answers one of these when a statement prepared
// on one server connection is bound on another; nothing was executed.
const PREPARED_STATEMENT_LOST = new Set([
  '26000', // invalid_sql_statement_name: prepared statement "..." does not exist
  '42P05', // duplicate_prepared_statement: prepared statement "..." already exists
]);

/**
 * Kysely's `pool` for `PostgresDialect`, for named statements behind a pooler that may lose them
 * ({@link withNamedStatements} above it): the first named statement that finds its statement gone
 * (SQLSTATE `26000` or `42P05`: nothing ran) is sent again unnamed, and so is every named
 * statement of the pool after it. Plain texts and cursors go through untouched.
 */
export function withPgBouncerRetry(pool: NamingPool): NamingPool {
  let lost = false;
  return decoratePool(pool, (client): NamingPoolClient => {
    const plain = (text: string, values: ReadonlyArray<unknown>) => client.query(text, values);
    return {
      query: ((query: unknown, values?: ReadonlyArray<unknown>) => {
        if (!isNamedQuery(query)) return client.query(query as never, values as never);
        if (lost) return plain(query.text, query.values);
        return client.query(query).catch((error: unknown) => {
          if (!PREPARED_STATEMENT_LOST.has((error as { code?: unknown } | null)?.code as string)) throw error;
          lost = true;
          return plain(query.text, query.values);
        });
      }) as NamingPoolClient['query'],
      release: (destroy) => client.release(destroy),
    };
  });
}
