import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Migration 0006: filing a return.
 *
 * - `signed_copies`: each signed copy uploaded (the PDF itself, its SHA-256, page count, size and
 *   the media types it came as), newest per filing first.
 * - `fax_logs` gains what ties a fax to its filing and provider: `filing_id`, `kind`, `provider`
 *   and its fax id (unique per provider, so a webhook finds its row), the signed copy's id and
 *   SHA-256, `attempt` (one fax per signed copy unless resent: unique with the copy), `status_rank`
 *   (statuses move only forward) and `updated_at`.
 * - `fax_webhook_events`: the provider's event ids already applied (duplicates are answered 200 and
 *   change nothing).
 * - `filed_returns`: one row per filing filed (by fax, mail or e-file) with its date and reference.
 */
export const submissionsMigration: Migration = {
  async up(db) {
    await db.schema
      .createTable('signed_copies')
      .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('filing_id', 'uuid', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('sha256', 'text', (column) => column.notNull())
      .addColumn('pages', 'integer', (column) => column.notNull())
      .addColumn('byte_size', 'integer', (column) => column.notNull())
      .addColumn('source_types', 'text', (column) => column.notNull())
      .addColumn('pdf', 'bytea', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('signed_copies_user_filing_created_idx')
      .on('signed_copies')
      .columns(['user_id', 'filing_id', 'created_at desc'])
      .execute();

    await db.schema
      .alterTable('fax_logs')
      .addColumn('filing_id', 'uuid')
      .addColumn('kind', 'text')
      .addColumn('provider', 'text')
      .addColumn('provider_fax_id', 'text')
      .addColumn('signed_copy_id', 'uuid')
      .addColumn('signed_copy_sha256', 'text')
      .addColumn('attempt', 'integer', (column) => column.notNull().defaultTo(1))
      .addColumn('status_rank', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('fax_logs_provider_fax_id_key')
      .unique()
      .on('fax_logs')
      .columns(['provider', 'provider_fax_id'])
      .execute();
    await db.schema
      .createIndex('fax_logs_signed_copy_attempt_key')
      .unique()
      .on('fax_logs')
      .columns(['signed_copy_id', 'attempt'])
      .execute();
    await db.schema
      .createIndex('fax_logs_filing_created_idx')
      .on('fax_logs')
      .columns(['filing_id', 'created_at desc'])
      .execute();

    await db.schema
      .createTable('fax_webhook_events')
      .addColumn('provider', 'text', (column) => column.notNull())
      .addColumn('event_id', 'text', (column) => column.notNull())
      .addColumn('received_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('fax_webhook_events_pkey', ['provider', 'event_id'])
      .execute();

    await db.schema
      .createTable('filed_returns')
      .addColumn('filing_id', 'uuid', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('method', 'text', (column) => column.notNull())
      .addColumn('filed_on', 'date', (column) => column.notNull())
      .addColumn('reference', 'text')
      .addColumn('fax_log_id', 'text')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('filed_returns').ifExists().execute();
    await db.schema.dropTable('fax_webhook_events').ifExists().execute();
    for (const index of [
      'fax_logs_filing_created_idx',
      'fax_logs_signed_copy_attempt_key',
      'fax_logs_provider_fax_id_key',
    ])
      await db.schema.dropIndex(index).ifExists().execute();
    await db.schema
      .alterTable('fax_logs')
      .dropColumn('filing_id')
      .dropColumn('kind')
      .dropColumn('provider')
      .dropColumn('provider_fax_id')
      .dropColumn('signed_copy_id')
      .dropColumn('signed_copy_sha256')
      .dropColumn('attempt')
      .dropColumn('status_rank')
      .dropColumn('updated_at')
      .execute();
    await db.schema.dropTable('signed_copies').ifExists().execute();
  },
};
