/** Where Stripe sends its events, under `{base_url}`: `POST {base_url}/webhooks/stripe`. */
export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

/** Settings of the Stripe provider. */
export interface StripePaymentOptions {
  secretKey: string;
  /** The endpoint signing secret (`whsec_...`) webhooks are verified with. */
  webhookSecret: string;
  /** The API's base URL (a stand-in in tests), default `https://api.stripe.com`. */
  apiBaseUrl?: string;
}
