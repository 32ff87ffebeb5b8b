// The payment provider's settings (Stripe's: BILLING, STRIPE_*, BILLING_TIERS), read by its own
// reader with the core's settings kit, and the core's settings, which no longer read them.
import { describe, expect, it } from 'vitest';
import { SettingError } from '../../src/index.js';
import { readStripeSettings, stripePaymentProviderFromEnv } from '../../src/providers/stripe.js';

const REQUIRED = {
  MCP_BASE_URL: 'https://api.example.com/mcp-server',
  APP_URL: 'https://app.example.com',
  SESSION_JWT_SECRET: 'x'.repeat(32),
};
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
  BILLING_TIERS: 'single:price_single:1,pair:price_pair:2,five:price_five:5,ten:price_ten:10',
  STRIPE_EXTENSION_PRICE: 'price_ext',
};

function refusal(env: Record<string, string>): string {
  try {
    readStripeSettings({ ...REQUIRED, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(SettingError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('payment settings', () => {
  it('are off without any of them, and with BILLING=off alone: no provider is built', async () => {
    expect(readStripeSettings(REQUIRED)).toBeUndefined();
    expect(readStripeSettings({ ...REQUIRED, BILLING: 'off' })).toBeUndefined();
    expect(readStripeSettings({ ...REQUIRED, BILLING: 'OFF' })).toBeUndefined();
    expect(await stripePaymentProviderFromEnv(REQUIRED)).toBeUndefined();
  });

  it('read the four tiers, the extension price, the base URL; BILLING off by default', async () => {
    const settings = readStripeSettings({
      ...REQUIRED,
      ...STRIPE,
      STRIPE_API_BASE_URL: 'http://127.0.0.1:9/',
    });
    expect(settings).toEqual({
      billing: 'off',
      secretKey: STRIPE.STRIPE_SECRET_KEY,
      webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET,
      tiers: [
        { name: 'single', priceId: 'price_single', filings: 1 },
        { name: 'pair', priceId: 'price_pair', filings: 2 },
        { name: 'five', priceId: 'price_five', filings: 5 },
        { name: 'ten', priceId: 'price_ten', filings: 10 },
      ],
      extensionPrice: 'price_ext',
      apiBaseUrl: 'http://127.0.0.1:9',
    });
    expect(readStripeSettings({ ...REQUIRED, ...STRIPE, BILLING: 'ON' })?.billing).toBe('on');
    // The provider built from them sells what they say, at the provider's own webhook path.
    const provider = await stripePaymentProviderFromEnv({ ...REQUIRED, ...STRIPE, BILLING: 'on' });
    expect(provider?.webhookPath).toBe('/webhooks/stripe');
    expect(provider?.catalog).toEqual({
      billing: 'on',
      tiers: settings?.tiers,
      extensionPrice: 'price_ext',
    });
  });

  it('refuse in the words they always had, naming every variable at fault', async () => {
    const message =
      'Invalid environment: STRIPE_WEBHOOK_SECRET: is required to verify payment webhooks; ' +
      // A union's own words, as the schema has always said them.
      'BILLING_TIERS: Invalid input; ' +
      'STRIPE_EXTENSION_PRICE: is required to sell the Form 7004 extension';
    const env = { ...REQUIRED, STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY };
    expect(() => readStripeSettings(env)).toThrow(message);
    const error = await stripePaymentProviderFromEnv(env).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SettingError);
    expect((error as SettingError).message).toBe(message);
    expect((error as SettingError).variables).toEqual([
      'STRIPE_WEBHOOK_SECRET',
      'BILLING_TIERS',
      'STRIPE_EXTENSION_PRICE',
    ]);
  });

  it.each([
    [{ BILLING: 'on' }, 'STRIPE_SECRET_KEY: is required to take payments'],
    [{ BILLING: 'yes', ...STRIPE }, "BILLING: must be 'on' or 'off'"],
    [{ ...STRIPE, STRIPE_SECRET_KEY: 'pk_test_abcdefgh123' }, 'STRIPE_SECRET_KEY: must be a Stripe secret'],
    [
      { ...STRIPE, STRIPE_WEBHOOK_SECRET: 'secret' },
      'STRIPE_WEBHOOK_SECRET: must be the endpoint signing secret',
    ],
    [{ ...STRIPE, BILLING_TIERS: 'single:price_a' }, 'BILLING_TIERS: must be name:price_id:filings'],
    [
      { ...STRIPE, BILLING_TIERS: 'one:price_a:1,one:price_b:2' },
      'BILLING_TIERS: names the tier "one" twice',
    ],
    [{ ...STRIPE, BILLING_TIERS: 'one:price_a:0' }, 'BILLING_TIERS: must be name:price_id:filings'],
    [{ ...STRIPE, STRIPE_EXTENSION_PRICE: 'prod_1' }, 'STRIPE_EXTENSION_PRICE: must be a Stripe price id'],
    [{ ...STRIPE, STRIPE_API_BASE_URL: 'ftp://x' }, 'STRIPE_API_BASE_URL: must be an absolute http(s) URL'],
    [{ STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY }, 'STRIPE_WEBHOOK_SECRET: is required'],
  ])('refuse %o naming the variable', (env, message) => {
    const text = refusal(env as Record<string, string>);
    expect(text).toContain(message);
    // The message names the variable, never a secret's value.
    expect(text).not.toContain('0123456789abcdef');
  });
});
