import { SettingError } from '@filing-mcp/filing-domain/settings';
import { describe, expect, it } from 'vitest';
import { serverlessSettingsFromEnv } from '../src/index.js';

const PLATFORM = {
  poolDefaults: { poolMax: 1, idleTimeoutMs: 1_000 },
  connectionStringVariables: ['DATABASE_URL', 'POSTGRES_URL'],
};
const VALID = {
  DATABASE_URL: 'postgres://user:password@127.0.0.1:9/filing',
  MCP_BASE_URL: 'https://filing.example/mcp-server',
  APP_URL: 'https://app.filing.example',
  SESSION_JWT_SECRET: 'x'.repeat(32),
};

describe('the serverless settings refuse a bad setting with the one SettingError, naming it', () => {
  it.each([
    [{ DATABASE_URL: undefined }, ['DATABASE_URL', 'POSTGRES_URL'], 'DATABASE_URL is not set'],
    [{ COMPANION: 'maybe' }, ['COMPANION'], 'COMPANION must be one of off, on, auto (got "maybe")'],
    [
      { MIGRATE_ON_START: 'yes' },
      ['MIGRATE_ON_START'],
      'MIGRATE_ON_START must be one of false, true (got "yes")',
    ],
    [
      { COMPANION: 'on', SESSION_JWT_SECRET: undefined, SESSION_JWKS_URL: 'https://id.example/jwks.json' },
      ['SESSION_JWT_SECRET'],
      'COMPANION=on needs SESSION_JWT_SECRET',
    ],
    [{ MCP_BASE_URL: 'ftp://filing.example' }, ['MCP_BASE_URL'], 'Invalid environment: MCP_BASE_URL:'],
    [
      { CIMD_ALLOW_LOOPBACK: 'yes' },
      ['CIMD_ALLOW_LOOPBACK'],
      'CIMD_ALLOW_LOOPBACK must be 1 or 0 (got "yes")',
    ],
    // The providers' settings are theirs, read beside the core's with the same SettingError.
    [
      { TELNYX_API_KEY: 'KEY_password_like', TELNYX_FAX_CONNECTION_ID: '1', TELNYX_PUBLIC_KEY: 'short' },
      ['FAX_FROM_NUMBER', 'TELNYX_PUBLIC_KEY'],
      'Invalid environment: FAX_FROM_NUMBER: is required to send faxes; TELNYX_PUBLIC_KEY: must be the base64 Ed25519 public key (44 characters)',
    ],
    [
      { BILLING: 'on' },
      ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'BILLING_TIERS', 'STRIPE_EXTENSION_PRICE'],
      'Invalid environment: STRIPE_SECRET_KEY: is required to take payments',
    ],
  ] as const)('%o', async (change, variables, message) => {
    const error = await serverlessSettingsFromEnv({ ...VALID, ...change }, PLATFORM).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SettingError);
    expect((error as SettingError).variables).toEqual(variables);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('password');
  });

  it('reads a valid environment', async () => {
    const settings = await serverlessSettingsFromEnv(
      { ...VALID, COMPANION: 'ON', LOCAL_USER_ID: ' owner ' },
      PLATFORM,
    );
    expect(settings.companion).toBe(true);
    expect(settings.localUserId).toBe('owner');
    expect(settings.connectionString).toBe(VALID.DATABASE_URL);
    // No provider's variable set: neither provider is built (nor its code loaded).
    expect(settings.fax).toBeUndefined();
    expect(settings.payments).toBeUndefined();
  });

  it('builds each provider from its own settings, with its webhook path, sender and catalog', async () => {
    const settings = await serverlessSettingsFromEnv(
      {
        ...VALID,
        TELNYX_API_KEY: 'KEY0123456789ABCDEF_secret',
        TELNYX_FAX_CONNECTION_ID: '1000000000000000001',
        FAX_FROM_NUMBER: '+13125550100',
        TELNYX_PUBLIC_KEY: `${'A'.repeat(43)}=`,
        BILLING: 'on',
        STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
        STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
        BILLING_TIERS: 'single:price_single:1',
        STRIPE_EXTENSION_PRICE: 'price_ext',
      },
      PLATFORM,
    );
    expect(settings.fax).toMatchObject({ webhookPath: '/webhooks/telnyx/fax', fromNumber: '+13125550100' });
    expect(settings.payments?.webhookPath).toBe('/webhooks/stripe');
    expect(settings.payments?.catalog).toEqual({
      billing: 'on',
      tiers: [{ name: 'single', priceId: 'price_single', filings: 1 }],
      extensionPrice: 'price_ext',
    });
  });
});
