import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';

/**
 * PostgreSQL `NOTIFY` channel on which the migrations' triggers announce every ended credential:
 * the SHA-256 hex of an access token (`oauth_tokens`) or of an API key (`api_keys`, filing-domain).
 */
export const CREDENTIAL_ENDED_CHANNEL = 'filing_mcp_credential_ended';

/**
 * The OAuth migrations, in code so the package needs no migration files at run time. Exported for
 * tests that stop at an older schema; applications run {@link migrateOAuth}.
 */
export const oauthMigrations: Readonly<Record<string, Migration>> = {
  '0001_oauth_tables': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('oauth_clients')
        .addColumn('client_id', 'text', (column) => column.primaryKey())
        .addColumn('client_secret_hash', 'text')
        .addColumn('client_name', 'text')
        .addColumn('redirect_uris', 'jsonb', (column) => column.notNull())
        .addColumn('grant_types', 'jsonb', (column) => column.notNull())
        .addColumn('response_types', 'jsonb', (column) => column.notNull())
        .addColumn('token_endpoint_auth_method', 'text', (column) => column.notNull())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('oauth_codes')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('code', 'text', (column) => column.notNull().unique())
        .addColumn('grant_id', 'text', (column) => column.notNull())
        .addColumn('client_id', 'text', (column) => column.notNull())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('redirect_uri', 'text', (column) => column.notNull())
        .addColumn('scope', 'text', (column) => column.notNull())
        .addColumn('resource', 'text', (column) => column.notNull())
        .addColumn('code_challenge', 'text')
        .addColumn('code_challenge_method', 'text')
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('oauth_codes_expires_at_idx')
        .on('oauth_codes')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('oauth_tokens')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('grant_id', 'text', (column) => column.notNull())
        .addColumn('code_id', 'text', (column) => column.notNull())
        .addColumn('client_id', 'text', (column) => column.notNull())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('scope', 'text', (column) => column.notNull())
        .addColumn('resource', 'text', (column) => column.notNull())
        .addColumn('access_token_hash', 'text', (column) => column.notNull().unique())
        .addColumn('refresh_token_hash', 'text', (column) => column.notNull().unique())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .addColumn('access_expires_at', 'timestamptz', (column) => column.notNull())
        .addColumn('refresh_expires_at', 'timestamptz', (column) => column.notNull())
        .addColumn('rotated_at', 'timestamptz')
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('oauth_tokens_grant_id_idx')
        .on('oauth_tokens')
        .column('grant_id')
        .execute();
      await db.schema
        .createIndex('oauth_tokens_refresh_expires_at_idx')
        .on('oauth_tokens')
        .column('refresh_expires_at')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('oauth_tokens').execute();
      await db.schema.dropTable('oauth_codes').execute();
      await db.schema.dropTable('oauth_clients').execute();
    },
  },
  // Every pair that stops being valid (revocation, replay, rotation, reuse), whichever process or
  // tool ended it, is announced on CREDENTIAL_ENDED_CHANNEL with its access-token hash, so that
  // servers listening there drop it from their caches at once. Sent at commit; harmless unheard.
  '0002_oauth_tokens_ended_notify': {
    async up(db: Kysely<any>) {
      await sql`
        create function oauth_tokens_notify_ended() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CREDENTIAL_ENDED_CHANNEL)}, old.access_token_hash);
          return null;
        end $$`.execute(db);
      await sql`
        create trigger oauth_tokens_ended after update of revoked_at on oauth_tokens
        for each row when (old.revoked_at is null and new.revoked_at is not null)
        execute function oauth_tokens_notify_ended()`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop trigger oauth_tokens_ended on oauth_tokens`.execute(db);
      await sql`drop function oauth_tokens_notify_ended()`.execute(db);
    },
  },
  // SEP-837 / OIDC: how the client runs, `web` (default) or `native`, decides which redirect URIs it may register.
  '0003_oauth_clients_application_type': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('oauth_clients')
        .addColumn('application_type', 'text', (column) => column.notNull().defaultTo('web'))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('oauth_clients').dropColumn('application_type').execute();
    },
  },
  // Authorization codes are kept as their SHA-256 hex, like every other secret. Codes already in the
  // table, used ones included, are hashed in place with the same SHA-256 the server uses by
  // default, so a code in flight still redeems and a replayed one still revokes its grant; with a
  // custom hash function they simply expire (they live 5 minutes).
  '0004_oauth_codes_hashed': {
    async up(db: Kysely<any>) {
      await sql`update oauth_codes set code = encode(sha256(convert_to(code, 'UTF8')), 'hex')`.execute(db);
      await db.schema.alterTable('oauth_codes').renameColumn('code', 'code_hash').execute();
    },
    async down(db: Kysely<any>) {
      // Hashes cannot be turned back into codes: the unused ones are dropped, used ones kept for replays.
      await sql`delete from oauth_codes where used_at is null`.execute(db);
      await db.schema.alterTable('oauth_codes').renameColumn('code_hash', 'code').execute();
    },
  },
};

/**
 * Names of the OAuth migrations, oldest first: a readiness check compares them with the rows of
 * `oauth_migration` to tell whether the schema is current.
 */
export const OAUTH_MIGRATION_NAMES: readonly string[] = Object.freeze(Object.keys(oauthMigrations));

/**
 * Brings the OAuth tables up to date. Uses its own bookkeeping tables (`oauth_migration`,
 * `oauth_migration_lock`) so it runs beside other packages' migrations in the same schema.
 * Answers the names of the migrations it applied, oldest first (none when the tables were current).
 *
 * @throws the migration's error when one failed
 */
export async function migrateOAuth(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...oauthMigrations }) },
    migrationTableName: 'oauth_migration',
    migrationLockTableName: 'oauth_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
