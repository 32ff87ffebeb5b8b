import type { PaymentProvider } from '../payment-provider.js';
import { STRIPE_WEBHOOK_PATH, type StripePaymentOptions } from './stripe-options.js';

export { STRIPE_WEBHOOK_PATH, type StripePaymentOptions } from './stripe-options.js';

/**
 * Stripe, through the official `stripe` library with its fetch HTTP client and Web Crypto
 * provider (so the same code runs on Node, Vercel and Lambda): Checkout Sessions in payment mode,
 * prices, promotion codes, and webhooks verified over the raw body (`Stripe-Signature`, 5-minute
 * tolerance). The provider's code (stripe-client.ts) and the library load with the first call.
 */
export function stripePaymentProvider(options: StripePaymentOptions): PaymentProvider {
  let provider: Promise<Omit<PaymentProvider, 'catalog'>> | undefined;
  const loaded = () =>
    (provider ??= import('./stripe-client.js').then(({ stripeClientProvider }) =>
      stripeClientProvider(options),
    ));
  return {
    name: 'stripe',
    // Checkout pages are Stripe's; a stand-in (STRIPE_API_BASE_URL) serves its own.
    checkoutOrigins: [
      'https://checkout.stripe.com',
      ...(options.apiBaseUrl === undefined ? [] : [new URL(options.apiBaseUrl).origin]),
    ],
    webhookPath: STRIPE_WEBHOOK_PATH,
    catalog: {
      billing: options.billing ?? 'off',
      tiers: options.tiers,
      extensionPrice: options.extensionPrice,
    },
    price: async (priceId) => (await loaded()).price(priceId),
    findPromotionCode: async (code) => (await loaded()).findPromotionCode(code),
    createCheckout: async (request) => (await loaded()).createCheckout(request),
    retrieveCheckout: async (id) => (await loaded()).retrieveCheckout(id),
    checkoutOfPayment: async (paymentId) => (await loaded()).checkoutOfPayment(paymentId),
    receive: async (request) => (await loaded()).receive(request),
  };
}
