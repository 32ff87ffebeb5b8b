// The entry of `@filing-mcp/filing-domain/providers/stripe`: the Stripe payment provider and its
// settings (the variables, their reader), out of the core's entries, which name no vendor. An
// adapter reads the settings and hands the provider in (`FilingServerOptions.payments`).
export { type StripePaymentOptions, stripePaymentProvider } from '../payments/providers/stripe.js';
export { stripePaymentProviderFromEnv } from '../payments/providers/stripe-from-env.js';
export { STRIPE_SETTINGS } from '../payments/providers/stripe-settings.js';
export {
  type PaymentsSettings,
  parseStripeSettings,
  readStripeSettings,
} from '../payments/providers/stripe-settings-schema.js';
