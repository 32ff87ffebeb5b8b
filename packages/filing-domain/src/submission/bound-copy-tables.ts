import type { Migration } from 'kysely/migration';

/**
 * Migration 0011: what binds a fax to the copy the user confirmed.
 *
 * - `signed_copies.filing_version`: the filing's `updated_at` (as text, full precision) the copy
 *   was checked against; send_fax refuses a copy of an earlier version.
 * - `signed_copies.contents`: the part to file page by page (JSON: form, first_page, pages), as
 *   send_fax's summary lists it.
 * - `signed_copies.upload_link`: the SHA-256 of the upload link's signature, unique: a link takes
 *   one copy (the companion's own uploads have none).
 * - `fax_logs.confirmation_id`: the id of the sealed confirmation a fax was sent on, unique: a
 *   confirmation sends at most one fax.
 */
export const boundCopyMigration: Migration = {
  async up(db) {
    await db.schema
      .alterTable('signed_copies')
      .addColumn('filing_version', 'text')
      .addColumn('contents', 'text')
      .addColumn('upload_link', 'text')
      .execute();
    await db.schema
      .createIndex('signed_copies_upload_link_key')
      .unique()
      .on('signed_copies')
      .column('upload_link')
      .execute();
    await db.schema.alterTable('fax_logs').addColumn('confirmation_id', 'text').execute();
    await db.schema
      .createIndex('fax_logs_confirmation_id_key')
      .unique()
      .on('fax_logs')
      .column('confirmation_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('fax_logs_confirmation_id_key').ifExists().execute();
    await db.schema.alterTable('fax_logs').dropColumn('confirmation_id').execute();
    await db.schema.dropIndex('signed_copies_upload_link_key').ifExists().execute();
    await db.schema
      .alterTable('signed_copies')
      .dropColumn('filing_version')
      .dropColumn('contents')
      .dropColumn('upload_link')
      .execute();
  },
};

/**
 * Migration 0012: `signed_copies.notes`, what the upload check could not tell of the copy (JSON
 * array of sentences: a JPEG scan whose signature box cannot be judged, pages without a text layer),
 * so that send_fax's summary still says it when the agent asks the user to confirm the fax.
 */
export const signedCopyNotesMigration: Migration = {
  async up(db) {
    await db.schema.alterTable('signed_copies').addColumn('notes', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('signed_copies').dropColumn('notes').execute();
  },
};
