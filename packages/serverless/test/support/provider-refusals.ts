// A provider's bad setting, refused at a serverless entry's start (Vercel's, Lambda's) with the one
// SettingError naming the variable, and never repeating a secret.
import { SettingError } from '@filing-mcp/filing-domain/settings';
import { expect } from 'vitest';

/** Checks that `start` (an entry's settings, read from `env` over a valid one) refuses each. */
export async function expectProviderRefusals(
  start: (env: Record<string, string>) => Promise<unknown>,
): Promise<void> {
  const refusal = (env: Record<string, string>) => start(env).catch((caught: unknown) => caught);
  const fax = await refusal({ TELNYX_API_KEY: 'KEY_secret', FAX_FROM_NUMBER: '+13125550100' });
  expect(fax).toBeInstanceOf(SettingError);
  expect((fax as SettingError).variables).toEqual(['TELNYX_FAX_CONNECTION_ID', 'TELNYX_PUBLIC_KEY']);
  expect((fax as Error).message).toBe(
    'Invalid environment: TELNYX_FAX_CONNECTION_ID: is required to send faxes; TELNYX_PUBLIC_KEY: is required to verify fax webhooks',
  );
  const payments = await refusal({
    STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
    STRIPE_WEBHOOK_SECRET: 'secret',
    BILLING_TIERS: 'one:price_a:1',
    STRIPE_EXTENSION_PRICE: 'price_ext',
  });
  expect(payments).toBeInstanceOf(SettingError);
  expect((payments as SettingError).variables).toEqual(['STRIPE_WEBHOOK_SECRET']);
  expect((payments as Error).message).toBe(
    'Invalid environment: STRIPE_WEBHOOK_SECRET: must be the endpoint signing secret (whsec_...)',
  );
  expect((payments as Error).message).not.toContain('0123456789abcdef');
}
