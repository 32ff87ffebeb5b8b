import type { BillingTier } from '../payment-provider.js';

/** Where Stripe sends its events, under `{base_url}`: `POST {base_url}/webhooks/stripe`. */
export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

/** Settings of the Stripe provider (what `readStripeSettings` reads from `STRIPE_*` and `BILLING*`). */
export interface StripePaymentOptions {
  secretKey: string;
  /** The endpoint signing secret (`whsec_...`) webhooks are verified with. */
  webhookSecret: string;
  /** The API's base URL (a stand-in in tests), default `https://api.stripe.com`. */
  apiBaseUrl?: string | undefined;
  /** `on`: a filing uses one credit when first filed through the server; default `off`. */
  billing?: 'on' | 'off';
  /** The tiers buy_filings sells (Stripe price ids). */
  tiers: readonly BillingTier[];
  /** The Stripe price id of the Form 7004 extension buy_extension sells. */
  extensionPrice: string;
}
