import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Migration 0010: card payments.
 *
 * - `payments` gains what ties a payment to its checkout and provider: `provider`, the checkout
 *   id (unique per provider, so the webhook and the verification without it record a payment once),
 *   the payment's id at the provider (a refund names it), `kind` (`tier` or `extension`), `tier`,
 *   `filing_id` (an extension), `receipt_url`, `promotion_code`, `amount_refunded`, `credits_revoked`
 *   (credits taken back by refunds) and `updated_at`.
 * - `payment_checkouts`: each checkout opened (buy_filings, buy_extension), with the user, what it
 *   buys and its status: the webhook records only a checkout it finds here.
 * - `payment_webhook_events`: the provider's event ids already applied.
 * - `billing_accounts`: each user's unused credits (never below zero).
 * - `credit_uses`: one row per filing that used a credit (once per filing).
 */
export const paymentsMigration: Migration = {
  async up(db) {
    await db.schema
      .alterTable('payments')
      .addColumn('provider', 'text')
      .addColumn('provider_checkout_id', 'text')
      .addColumn('provider_payment_id', 'text')
      .addColumn('kind', 'text', (column) => column.notNull().defaultTo('tier'))
      .addColumn('tier', 'text')
      .addColumn('filing_id', 'uuid')
      .addColumn('receipt_url', 'text')
      .addColumn('promotion_code', 'text')
      .addColumn('amount_refunded', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('credits_revoked', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('payments_provider_checkout_key')
      .unique()
      .on('payments')
      .columns(['provider', 'provider_checkout_id'])
      .execute();
    await db.schema
      .createIndex('payments_provider_payment_idx')
      .on('payments')
      .columns(['provider', 'provider_payment_id'])
      .execute();

    await db.schema
      .createTable('payment_checkouts')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('provider', 'text', (column) => column.notNull())
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('tier', 'text')
      .addColumn('filing_id', 'uuid')
      .addColumn('credits', 'integer', (column) => column.notNull())
      .addColumn('promotion_code', 'text')
      .addColumn('status', 'text', (column) => column.notNull().defaultTo('open'))
      .addColumn('expires_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('payment_checkouts_user_status_idx')
      .on('payment_checkouts')
      .columns(['user_id', 'status', 'created_at desc'])
      .execute();

    await db.schema
      .createTable('payment_webhook_events')
      .addColumn('provider', 'text', (column) => column.notNull())
      .addColumn('event_id', 'text', (column) => column.notNull())
      .addColumn('received_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('payment_webhook_events_pkey', ['provider', 'event_id'])
      .execute();

    await db.schema
      .createTable('billing_accounts')
      .addColumn('user_id', 'text', (column) => column.primaryKey())
      .addColumn('credits', 'integer', (column) => column.notNull().defaultTo(0).check(sql`credits >= 0`))
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('credit_uses')
      .addColumn('filing_id', 'uuid', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('method', 'text', (column) => column.notNull())
      .addColumn('used_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
  },
  async down(db) {
    for (const table of ['credit_uses', 'billing_accounts', 'payment_webhook_events', 'payment_checkouts'])
      await db.schema.dropTable(table).ifExists().execute();
    for (const index of ['payments_provider_payment_idx', 'payments_provider_checkout_key'])
      await db.schema.dropIndex(index).ifExists().execute();
    await db.schema
      .alterTable('payments')
      .dropColumn('provider')
      .dropColumn('provider_checkout_id')
      .dropColumn('provider_payment_id')
      .dropColumn('kind')
      .dropColumn('tier')
      .dropColumn('filing_id')
      .dropColumn('receipt_url')
      .dropColumn('promotion_code')
      .dropColumn('amount_refunded')
      .dropColumn('credits_revoked')
      .dropColumn('updated_at')
      .execute();
  },
};
