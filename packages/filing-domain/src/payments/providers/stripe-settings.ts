// The Stripe payment provider's settings, declared with the core's settings kit (its table's types,
// its reader, its one `SettingError` naming the variable) but kept here, beside the provider: the
// variables it is read from, what the configuration page says of each (docs/configuration.md is
// generated from it). Zod-free: the reader and its schema are ./stripe-settings-schema.ts, and
// ./stripe-from-env.ts loads them (and the provider) only when one of the variables is set.
import { settingsFromEnv } from '../../config/config-env.js';
import type { Settings } from '../../config/core-settings.js';
import type { EnvironmentVariable } from '../../config/environment-variable.js';
import type { Environment } from '../../config/setting-readers.js';

/**
 * Card checkout (Stripe, through the payment provider an adapter hands in): `billing` (`on`: a
 * filing uses a credit when first filed; default `off`), `secretKey`, `webhookSecret`, `tiers`
 * (`name:price_id:filings,...`), `extensionPrice` and `apiBaseUrl`. Any of them set (`BILLING`
 * other than `off`) turns payments on, and the schema names what is missing.
 */
export const STRIPE_SETTINGS = {
  billing: { type: 'choice', env: 'BILLING', options: ['on', 'off'], default: 'off', anyCase: true },
  secretKey: { type: 'text', env: 'STRIPE_SECRET_KEY' },
  webhookSecret: { type: 'text', env: 'STRIPE_WEBHOOK_SECRET' },
  tiers: { type: 'text', env: 'BILLING_TIERS' },
  extensionPrice: { type: 'text', env: 'STRIPE_EXTENSION_PRICE' },
  apiBaseUrl: { type: 'http-url', env: 'STRIPE_API_BASE_URL' },
} as const satisfies Settings;

/**
 * The Stripe settings as given, or undefined when payments are off: none of their variables set,
 * or `BILLING=off` alone.
 */
export function rawStripeSettings(env: Environment): Record<string, unknown> | undefined {
  const given = settingsFromEnv(env, STRIPE_SETTINGS);
  return given?.billing === 'off' && Object.keys(given).length === 1 ? undefined : given;
}

// The variables of card payments (buy_filings, buy_extension, list_payments, the Stripe webhook).
const section = 'Payments (Stripe)' as const;

/** The variables of the configuration page's section "Payments (Stripe)". */
export const PAYMENT_VARIABLES: readonly EnvironmentVariable[] = [
  {
    name: 'BILLING',
    default: '`off`',
    adapters: 'all',
    section,
    description:
      '`on`: a filing uses one credit when it is first filed through the server (its first `send_fax`, or the final unmarked packet downloaded to mail); without a credit nothing is sent and the answer says how to buy. Needs the Stripe settings below. `off`: nothing is charged and every feature works without a key. See [Payments](payments.md).',
  },
  {
    name: 'STRIPE_SECRET_KEY',
    default: 'unset',
    adapters: 'all',
    section,
    description:
      'Turns on `buy_filings` and `buy_extension` (with the four below, all required together): the Stripe secret or restricted key (`sk_...`, `rk_...`) Checkout Sessions are created with, through the official `stripe` library. Never logged.',
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    default: 'unset',
    adapters: 'all',
    section,
    description:
      'The endpoint signing secret (`whsec_...`) that `POST {base_url}/webhooks/stripe` verifies `Stripe-Signature` over the raw body with; a bad signature or a timestamp more than 5 minutes away answers 400. Never logged.',
  },
  {
    name: 'BILLING_TIERS',
    default: 'unset',
    adapters: 'all',
    section,
    description:
      'The tiers `buy_filings` sells, as `name:price_id:filings` separated by commas, e.g. `single:price_1:1,pair:price_2:2,five:price_5:5,ten:price_10:10`. The amounts shown are read from Stripe’s prices, never from the caller.',
  },
  {
    name: 'STRIPE_EXTENSION_PRICE',
    default: 'unset',
    adapters: 'all',
    section,
    description: 'The Stripe price id (`price_...`) of the Form 7004 extension `buy_extension` sells.',
  },
  {
    name: 'STRIPE_API_BASE_URL',
    default: '`https://api.stripe.com`',
    adapters: 'all',
    section,
    description: 'Where the Stripe API is reached: a local stand-in for tests and staging.',
  },
];
