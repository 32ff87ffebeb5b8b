import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingError, serveSettingsFromEnv, startServer } from '../src/index.js';

// That process.env is read in settings.ts alone is checked with the other adapters' settings modules
// by packages/filing-domain/test/config/environment-variables.test.ts.
describe('the settings of serve', () => {
  it('holds the addresses as given, normalised, and no stand-in for the ones that are unset', () => {
    const given = serveSettingsFromEnv({
      MCP_BASE_URL: 'https://mcp.example/mcp-server/',
      APP_URL: 'https://app.example//',
    });
    expect(given.core.baseUrl).toBe('https://mcp.example/mcp-server');
    expect(given.core.appUrl).toBe('https://app.example');
    const unset = serveSettingsFromEnv({});
    expect(unset.core.baseUrl).toBeUndefined();
    expect(unset.core.appUrl).toBeUndefined();
    expect(unset.core.session).toEqual({});
    expect(unset.servesCompanion).toBe(true);
  });
});

describe('a bad setting stops serve at start, naming the variable, before the data directory is touched', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'filing-mcp-settings-'));
    dirs.push(dir);
    return join(dir, 'data');
  };

  it.each([
    [
      'MCP_BASE_URL',
      'ftp://mcp.example',
      SettingError,
      'Invalid environment: MCP_BASE_URL: must be an absolute http(s) URL',
    ],
    [
      'OAUTH_CODE_TTL_SECONDS',
      'soon',
      SettingError,
      'Invalid environment: OAUTH_CODE_TTL_SECONDS: must be an integer',
    ],
    [
      'SESSION_JWT_SECRET',
      'short',
      SettingError,
      'Invalid environment: SESSION_JWT_SECRET: must be at least 32 characters',
    ],
    ['PORT', 'eighty', SettingError, 'PORT must be an integer from 0 to 65535 (got "eighty")'],
    ['CIMD_ALLOW_LOOPBACK', 'yes', SettingError, 'CIMD_ALLOW_LOOPBACK must be 1 or 0 (got "yes")'],
    // The providers' settings are theirs, read beside the core's with the same SettingError.
    [
      'FAX_FROM_NUMBER',
      '3125550100',
      SettingError,
      'Invalid environment: TELNYX_API_KEY: is required to send faxes; TELNYX_FAX_CONNECTION_ID: is required to send faxes; FAX_FROM_NUMBER: must be a phone number in E.164 form',
    ],
    [
      'STRIPE_SECRET_KEY',
      'pk_test_abcdefgh123',
      SettingError,
      'STRIPE_SECRET_KEY: must be a Stripe secret or restricted key',
    ],
    ['BILLING', 'yes', SettingError, "Invalid environment: BILLING: must be 'on' or 'off'"],
  ] as const)('%s=%s', async (name, value, errorClass, message) => {
    const dir = dataDir();
    const start = startServer({ env: { DATA_DIR: dir, PORT: '0', [name]: value } });
    await expect(start).rejects.toThrow(errorClass);
    await expect(start).rejects.toThrow(message);
    expect(existsSync(dir)).toBe(false);
  });
});

describe('the providers, built by serve from their own settings', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('serve each provider’s webhook at its path when its variables are set, and none without', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'filing-mcp-providers-'));
    dirs.push(dir);
    const env = {
      DATA_DIR: join(dir, 'data'),
      PORT: '0',
      TELNYX_API_KEY: 'KEY0123456789ABCDEF_secret',
      TELNYX_FAX_CONNECTION_ID: '1000000000000000001',
      FAX_FROM_NUMBER: '+13125550100',
      TELNYX_PUBLIC_KEY: `${'A'.repeat(43)}=`,
      STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
      BILLING_TIERS: 'single:price_single:1',
      STRIPE_EXTENSION_PRICE: 'price_ext',
    };
    const settings = serveSettingsFromEnv(env);
    expect(settings.fax).toMatchObject({ fromNumber: '+13125550100' });
    expect(settings.payments).toMatchObject({ billing: 'off', extensionPrice: 'price_ext' });
    const server = await startServer({ settings });
    try {
      const post = (path: string) => fetch(`${server.url}${path}`, { method: 'POST', body: '{}' });
      // Unsigned events: refused by each provider's own check, so its route is served.
      expect((await post('/webhooks/telnyx/fax')).status).toBe(401);
      expect((await post('/webhooks/stripe')).status).toBe(400);
    } finally {
      await server.close();
    }
    const plain = await startServer({ env: { DATA_DIR: env.DATA_DIR, PORT: '0' } });
    try {
      expect(plain.settings.fax).toBeUndefined();
      expect(plain.settings.payments).toBeUndefined();
      expect((await fetch(`${plain.url}/webhooks/telnyx/fax`, { method: 'POST', body: '{}' })).status).toBe(
        404,
      );
    } finally {
      await plain.close();
    }
  });
});
