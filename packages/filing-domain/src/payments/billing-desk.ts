import type { FilingDatabase } from '../storage/database.js';
import type { Kysely } from 'kysely';
import type { FilingKind } from '../kinds/filing-kinds.js';
import type { PaymentSelling } from './payment-selling.js';
import type { BillingOverview, CheckoutOutcome } from './billing-view.js';

export type { BillingOverview, CheckoutOutcome, TierOffer } from './billing-view.js';

/**
 * What the companion's billing pages ask of a server that takes payments (`FilingServer.billing`):
 * each method acts for one user, and loads the payment modules with its first call.
 */
export interface BillingDesk {
  /** Where the checkout buttons send the browser (the provider's checkout pages' origins). */
  readonly checkoutOrigins: readonly string[];
  /** The tiers with Stripe's prices, the user's credits and payment history. */
  overview(userId: string): Promise<BillingOverview>;
  /**
   * Opens the checkout of a tier (by name) for the user: its page's URL, or a `ToolError` saying
   * why not (an unknown tier, the per-user limit, the provider refused).
   */
  checkout(userId: string, tier: string): Promise<{ url: string }>;
  /** The success page: the user's checkout read back and a paid one recorded; undefined when not theirs. */
  confirm(userId: string, checkoutId: string): Promise<CheckoutOutcome | undefined>;
  /**
   * With `BILLING=on`, uses the credit of a filing whose final packet is downloaded (once per
   * filing): undefined when it may be served, else the refusal to answer (credits, prices, how to buy).
   */
  creditForDownload(use: { userId: string; filingId: string; kind: FilingKind }): Promise<string | undefined>;
}

const loadView = () => import('./billing-view.js');
const loadBuy = () => import('./buy-tools.js');
const loadCredits = () => import('./credits.js');

/** The {@link BillingDesk} of a server's payment settings and provider. */
export function createBillingDesk(
  payments: PaymentSelling,
  db: () => Promise<Kysely<FilingDatabase>>,
): BillingDesk {
  return {
    checkoutOrigins: payments.provider.checkoutOrigins ?? [],
    async overview(userId) {
      const [{ billingOverview }, open] = await Promise.all([loadView(), db()]);
      return billingOverview(open, payments, userId);
    },
    async checkout(userId, name) {
      const [{ openCheckout, tierPurchase, unknownTier }, open] = await Promise.all([loadBuy(), db()]);
      const tier = payments.settings.tiers.find((candidate) => candidate.name === name);
      if (tier === undefined) throw unknownTier(payments, name);
      const state = await openCheckout(open, payments, userId, tierPurchase(tier), undefined);
      if (state.url === null) throw new Error('the payment provider answered a checkout without a page');
      return { url: state.url };
    },
    async confirm(userId, checkoutId) {
      const [{ confirmCheckout }, open] = await Promise.all([loadView(), db()]);
      return confirmCheckout(open, payments, userId, checkoutId);
    },
    async creditForDownload(use) {
      if (payments.settings.billing !== 'on') return undefined;
      const [{ requireCredit }, open] = await Promise.all([loadCredits(), db()]);
      try {
        await requireCredit(open, payments, { ...use, method: 'mail' });
        return undefined;
      } catch (error) {
        if ((error as Error).name !== 'ToolError') throw error;
        return (error as Error).message;
      }
    },
  };
}
