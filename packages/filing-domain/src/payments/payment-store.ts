import type { FilingDatabase } from '../storage/database.js';
import { type Kysely, sql } from 'kysely';
import type { CheckoutState, PaymentProvider } from './payment-provider.js';

/** What a checkout buys, recorded when it is opened. */
export interface OpenedCheckout {
  id: string;
  provider: string;
  userId: string;
  kind: 'tier' | 'extension';
  tier?: string;
  filingId?: string;
  credits: number;
  promotionCode?: string;
  expiresAt: number | null;
}

/** Records a checkout just opened (before its page is shown to anyone). */
export async function recordCheckout(db: Kysely<FilingDatabase>, checkout: OpenedCheckout): Promise<void> {
  await db
    .insertInto('payment_checkouts')
    .values({
      id: checkout.id,
      provider: checkout.provider,
      user_id: checkout.userId,
      kind: checkout.kind,
      tier: checkout.tier ?? null,
      filing_id: checkout.filingId ?? null,
      credits: checkout.credits,
      promotion_code: checkout.promotionCode ?? null,
      expires_at: checkout.expiresAt === null ? null : new Date(checkout.expiresAt * 1000).toISOString(),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** Whether this server opened the checkout. */
export async function checkoutOpenedHere(
  db: Kysely<FilingDatabase>,
  provider: string,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('payment_checkouts')
    .select('id')
    .where('provider', '=', provider)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** What recording a checkout did. */
export type PaidOutcome = 'recorded' | 'already_recorded' | 'unknown_checkout' | 'not_paid';

/**
 * Records a paid checkout once, in one statement: its payment (the checkout we opened says who
 * and what, never the event), and the credits it bought added to the user's account. A second
 * call (the webhook after the verification, a retried event) changes nothing.
 */
export async function recordPaidCheckout(
  db: Kysely<FilingDatabase>,
  provider: string,
  state: CheckoutState,
): Promise<PaidOutcome> {
  if (!state.paid || state.amount === null || state.currency === null) {
    if (!(await checkoutOpenedHere(db, provider, state.id))) return 'unknown_checkout';
    if (state.status === 'expired') {
      await db
        .updateTable('payment_checkouts')
        .set({ status: 'expired' })
        .where('id', '=', state.id)
        .where('status', '=', 'open')
        .execute();
    }
    return 'not_paid';
  }
  const result = await sql<{ known: boolean; inserted: boolean }>`
    with checkout as (
      update payment_checkouts set status = 'complete'
      where provider = ${provider} and id = ${state.id}
      returning id, user_id, kind, tier, filing_id, credits, promotion_code
    ), payment as (
      insert into payments (id, user_id, amount, currency, status, filings_purchased, provider,
        provider_checkout_id, provider_payment_id, kind, tier, filing_id, receipt_url, promotion_code)
      select id, user_id, ${state.amount}, ${state.currency}, 'succeeded', credits, ${provider}, id,
        ${state.paymentId}, kind, tier, filing_id, ${state.receiptUrl},
        coalesce(${state.promotionCode}, promotion_code)
      from checkout
      on conflict (provider, provider_checkout_id) do nothing
      returning user_id, filings_purchased
    ), account as (
      insert into billing_accounts (user_id, credits)
      select user_id, filings_purchased from payment where filings_purchased > 0
      on conflict (user_id) do update set credits = billing_accounts.credits + excluded.credits, updated_at = now()
      returning user_id
    )
    select exists (select 1 from checkout) as known, exists (select 1 from payment) as inserted,
      (select count(*) from account) as accounts`.execute(db);
  const row = result.rows[0]!;
  if (!row.known) return 'unknown_checkout';
  if (!row.inserted) {
    // The receipt may come later than the payment: fill in what was not known then.
    if (state.receiptUrl !== null) {
      await db
        .updateTable('payments')
        .set({ receipt_url: state.receiptUrl, provider_payment_id: state.paymentId })
        .where('provider', '=', provider)
        .where('provider_checkout_id', '=', state.id)
        .where('receipt_url', 'is', null)
        .execute();
    }
    return 'already_recorded';
  }
  return 'recorded';
}

/** What applying a refund did. */
export type RefundOutcome = 'refunded' | 'unchanged' | 'unknown_payment';

/**
 * Applies a refund as the provider now states it (the total refunded, so applying it again
 * changes nothing): marks the payment `refunded` (or `partially_refunded`), and takes back the
 * credits the refunded share bought, as far as they are not used yet (the account never goes
 * below zero). One statement.
 */
export async function applyRefund(
  db: Kysely<FilingDatabase>,
  provider: string,
  refund: { paymentId: string; amountRefunded: number; amount: number },
): Promise<RefundOutcome> {
  const full = refund.amountRefunded >= refund.amount;
  const result = await sql<{ known: boolean; changed: boolean }>`
    with target as (
      select id, user_id, filings_purchased, credits_revoked,
        case when ${full} then filings_purchased
             else floor(filings_purchased::numeric * ${refund.amountRefunded} / greatest(${refund.amount}, 1))::int
        end as revoke
      from payments where provider = ${provider} and provider_payment_id = ${refund.paymentId}
      for update
    ), payment as (
      update payments set
        status = ${full ? 'refunded' : 'partially_refunded'},
        amount_refunded = ${refund.amountRefunded},
        credits_revoked = greatest(target.revoke, payments.credits_revoked),
        updated_at = now()
      from target
      where payments.id = target.id and payments.amount_refunded < ${refund.amountRefunded}
      returning target.user_id, greatest(target.revoke - target.credits_revoked, 0) as take_back
    ), account as (
      update billing_accounts set
        credits = greatest(billing_accounts.credits - payment.take_back, 0), updated_at = now()
      from payment
      where billing_accounts.user_id = payment.user_id and payment.take_back > 0
      returning billing_accounts.user_id
    )
    select exists (select 1 from target) as known, exists (select 1 from payment) as changed,
      (select count(*) from account) as accounts`.execute(db);
  const row = result.rows[0]!;
  if (!row.known) return 'unknown_payment';
  return row.changed ? 'refunded' : 'unchanged';
}

/** Records a webhook event's id; false when it was recorded already. */
export async function recordPaymentEvent(
  db: Kysely<FilingDatabase>,
  provider: string,
  eventId: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('payment_webhook_events')
    .values({ provider, event_id: eventId })
    .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Whether an event was applied already. */
export async function paymentEventSeen(
  db: Kysely<FilingDatabase>,
  provider: string,
  eventId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('payment_webhook_events')
    .select('event_id')
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's unused credits. */
export async function creditsOf(db: Kysely<FilingDatabase>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('billing_accounts')
    .select('credits')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? 0 : Number(row.credits);
}

/** The user's checkouts still open (newest first, at most `limit`), for the verification. */
export async function openCheckoutsOf(
  db: Kysely<FilingDatabase>,
  userId: string,
  limit = 5,
): Promise<string[]> {
  const rows = await db
    .selectFrom('payment_checkouts')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id as string);
}

/**
 * The verification without the webhook: each open checkout of the user's (at most 5, newest
 * first) is read back from the provider, and a paid one recorded as the webhook would
 * (idempotently with it). A provider that does not answer leaves them open for the next call.
 */
export async function verifyOpenCheckouts(
  db: Kysely<FilingDatabase>,
  provider: PaymentProvider,
  userId: string,
): Promise<void> {
  for (const id of await openCheckoutsOf(db, userId)) {
    try {
      await recordPaidCheckout(db, provider.name, await provider.retrieveCheckout(id));
    } catch (error) {
      if ((error as Error).name !== 'PaymentProviderError') throw error;
    }
  }
}
