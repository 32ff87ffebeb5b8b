// The Stripe stand-in (shared with the conformance scenarios, packages/conformance) and the
// settings of a filing server pointed at it.
import type { PaymentProvider } from '../../src/index.js';
import {
  type PaymentsSettings,
  parseStripeSettings,
  stripePaymentProvider,
} from '../../src/providers/stripe.js';
import {
  STRIPE_TEST_KEY,
  STRIPE_WEBHOOK_SECRET,
  type StripeStandIn,
  TEST_TIERS,
} from '../../../conformance/src/stripe-stand-in.js';

export {
  STRIPE_TEST_KEY,
  STRIPE_WEBHOOK_SECRET,
  type StandInSession,
  type StripeStandIn,
  startStripeStandIn,
  TEST_TIERS,
} from '../../../conformance/src/stripe-stand-in.js';

/**
 * A server's Stripe provider, pointed at the stand-in, built from its settings (`extra`: the tiers
 * as `name:price_id:filings,...`, `billing`, ...) as an adapter builds it.
 */
export function standInPayments(
  stripe: StripeStandIn,
  extra: Partial<Omit<PaymentsSettings, 'tiers'>> & { tiers?: string } = {},
): { payments: PaymentProvider } {
  const settings = parseStripeSettings({
    secretKey: STRIPE_TEST_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiBaseUrl: stripe.baseUrl,
    tiers: TEST_TIERS,
    extensionPrice: 'price_ext',
    ...extra,
  });
  return { payments: stripePaymentProvider(settings) };
}
