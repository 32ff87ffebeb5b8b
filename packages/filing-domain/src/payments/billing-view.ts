import type { FilingDatabase } from '../storage/database.js';
import type { Kysely } from 'kysely';
import { FilingRepository } from '../storage/filing-repository.js';
import type { Payment } from '../storage/records.js';
import type { PaymentSelling } from './payment-selling.js';
import { type PaidOutcome, creditsOf, recordPaidCheckout, verifyOpenCheckouts } from './payment-store.js';

/** One tier as a person sees it: its name, what it buys, its price as Stripe states it. */
export interface TierOffer {
  name: string;
  filings: number;
  /** Smallest currency unit; null when the provider did not answer. */
  amount: number | null;
  currency: string | null;
}

/** What the companion's billing page shows. */
export interface BillingOverview {
  /** `on`: a filing filed through the server uses a credit. */
  billing: 'on' | 'off';
  credits: number;
  tiers: TierOffer[];
  extension: { amount: number | null; currency: string | null };
  /** The user's newest payments (list_payments' records). */
  payments: Payment[];
}

const unpriced = { amount: null, currency: null };

/**
 * The billing page's facts for one user: the tiers with the prices read from the provider, the
 * credits, and the payment history (a checkout paid since it was opened is recorded first).
 */
export async function billingOverview(
  db: Kysely<FilingDatabase>,
  payments: PaymentSelling,
  userId: string,
): Promise<BillingOverview> {
  await verifyOpenCheckouts(db, payments.provider, userId);
  const price = (priceId: string) => payments.provider.price(priceId).catch(() => unpriced);
  const [tiers, extension, credits, list] = await Promise.all([
    Promise.all(
      payments.settings.tiers.map(async (tier) => ({
        name: tier.name,
        filings: tier.filings,
        ...(await price(tier.priceId)),
      })),
    ),
    price(payments.settings.extensionPrice),
    creditsOf(db, userId),
    new FilingRepository(db).listPayments(userId, 100),
  ]);
  return { billing: payments.settings.billing, credits, tiers, extension, payments: list };
}

/** What one of the user's checkouts bought, once the provider was asked (the success page). */
export interface CheckoutOutcome {
  outcome: PaidOutcome;
  kind: 'tier' | 'extension';
  tier: string | null;
  filingId: string | null;
  filings: number;
  amount: number | null;
  currency: string | null;
  receiptUrl: string | null;
  /** The user's credits afterwards. */
  credits: number;
}

/**
 * The success page's verification: the user's own checkout is read back from the provider and a
 * paid one recorded at once (idempotently with the webhook). Undefined for a checkout that is not
 * the user's (or not opened here): nothing is asked of the provider then.
 */
export async function confirmCheckout(
  db: Kysely<FilingDatabase>,
  payments: PaymentSelling,
  userId: string,
  checkoutId: string,
): Promise<CheckoutOutcome | undefined> {
  const opened = await db
    .selectFrom('payment_checkouts')
    .select(['id', 'kind', 'tier', 'filing_id', 'credits'])
    .where('provider', '=', payments.provider.name)
    .where('id', '=', checkoutId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (opened === undefined) return undefined;
  const state = await payments.provider.retrieveCheckout(checkoutId);
  const outcome = await recordPaidCheckout(db, payments.provider.name, state);
  const paid = outcome === 'recorded' || outcome === 'already_recorded';
  return {
    outcome,
    kind: opened.kind as 'tier' | 'extension',
    tier: (opened.tier as string | null) ?? null,
    filingId: (opened.filing_id as string | null) ?? null,
    filings: Number(opened.credits),
    amount: paid ? state.amount : null,
    currency: paid ? state.currency : null,
    receiptUrl: paid ? state.receiptUrl : null,
    credits: await creditsOf(db, userId),
  };
}
