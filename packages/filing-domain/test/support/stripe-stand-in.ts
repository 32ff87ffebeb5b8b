// The Stripe stand-in (shared with the conformance scenarios, packages/conformance) and the
// settings of a filing server pointed at it.
import { type FilingServerConfig, type PaymentProvider, stripePaymentProvider } from '../../src/index.js';
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

/** A server's payment settings and its Stripe provider, both pointed at the stand-in. */
export function standInPayments(
  stripe: StripeStandIn,
  extra: Partial<NonNullable<FilingServerConfig['payments']>> = {},
): { config: Pick<FilingServerConfig, 'payments'>; payments: PaymentProvider } {
  const settings = {
    secretKey: STRIPE_TEST_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiBaseUrl: stripe.baseUrl,
  };
  return {
    config: { payments: { ...settings, tiers: TEST_TIERS, extensionPrice: 'price_ext', ...extra } },
    payments: stripePaymentProvider(settings),
  };
}
