/**
 * One SQL statement with `$n` parameters, answered by the database's rows: what the credential
 * check runs. Either the driver's pool itself (the serverless entries' `poolQuery`, so that the
 * first credential check waits for pg only, not for Kysely to load) or Kysely's
 * `executeQuery` of the statement as text (`auth/authenticate.ts`), both with no query builder.
 */
export type DatabaseQuery = (
  text: string,
  values: readonly unknown[],
) => Promise<{ rows: Record<string, any>[] }>;
