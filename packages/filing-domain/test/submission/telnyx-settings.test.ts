// The fax provider's settings (Telnyx's: TELNYX_*, FAX_FROM_NUMBER), read by its own reader with
// the core's settings kit, and the core's settings, which no longer read them.
import { describe, expect, it } from 'vitest';
import { SettingError } from '../../src/index.js';
import { readTelnyxSettings, telnyxFaxProviderFromEnv } from '../../src/providers/telnyx.js';

// A deployment's other variables, which the provider's reader passes over.
const REQUIRED = { MCP_BASE_URL: 'https://api.example.com/mcp-server', LOG_LEVEL: 'debug' };
const TELNYX = {
  TELNYX_API_KEY: 'KEY0123456789ABCDEF_secret',
  TELNYX_FAX_CONNECTION_ID: '1000000000000000001',
  FAX_FROM_NUMBER: '+13125550100',
  TELNYX_PUBLIC_KEY: `${'A'.repeat(43)}=`,
};

function refusal(env: Record<string, string>): SettingError {
  try {
    readTelnyxSettings({ ...REQUIRED, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(SettingError);
    return error as SettingError;
  }
  throw new Error('the settings were accepted');
}

describe('fax settings', () => {
  it('are off without any of them: no provider is built', async () => {
    expect(readTelnyxSettings(REQUIRED)).toBeUndefined();
    expect(readTelnyxSettings({ ...REQUIRED, TELNYX_API_KEY: '  ' })).toBeUndefined();
    expect(await telnyxFaxProviderFromEnv(REQUIRED)).toBeUndefined();
  });

  it('read the four and the base URL (without its trailing slash); the provider sends from the number', async () => {
    const env = { ...REQUIRED, ...TELNYX, TELNYX_API_BASE_URL: 'http://127.0.0.1:9/v2/' };
    expect(readTelnyxSettings(env)).toEqual({
      apiKey: TELNYX.TELNYX_API_KEY,
      connectionId: TELNYX.TELNYX_FAX_CONNECTION_ID,
      fromNumber: TELNYX.FAX_FROM_NUMBER,
      publicKey: TELNYX.TELNYX_PUBLIC_KEY,
      apiBaseUrl: 'http://127.0.0.1:9/v2',
    });
    const provider = await telnyxFaxProviderFromEnv(env);
    expect(provider).toMatchObject({
      name: 'telnyx',
      fromNumber: '+13125550100',
      webhookPath: '/webhooks/telnyx/fax',
    });
  });

  it('any one set turns fax on, and the others are then named, in the words they always had', async () => {
    const message =
      'Invalid environment: TELNYX_FAX_CONNECTION_ID: is required to send faxes; ' +
      'FAX_FROM_NUMBER: is required to send faxes; TELNYX_PUBLIC_KEY: is required to verify fax webhooks';
    const error = refusal({ TELNYX_API_KEY: TELNYX.TELNYX_API_KEY });
    expect(error.message).toBe(message);
    expect(error.variables).toEqual(['TELNYX_FAX_CONNECTION_ID', 'FAX_FROM_NUMBER', 'TELNYX_PUBLIC_KEY']);
    // The same error through the reader that builds the provider.
    await expect(telnyxFaxProviderFromEnv({ ...REQUIRED, TELNYX_API_KEY: 'k' })).rejects.toThrow(message);
  });

  it.each([
    [
      { FAX_FROM_NUMBER: '3125550100' },
      'FAX_FROM_NUMBER: must be a phone number in E.164 form, e.g. +13125550100',
    ],
    [
      { TELNYX_PUBLIC_KEY: 'short' },
      'TELNYX_PUBLIC_KEY: must be the base64 Ed25519 public key (44 characters)',
    ],
    [
      { TELNYX_API_BASE_URL: 'ftp://x' },
      'TELNYX_API_BASE_URL: must be an absolute http(s) URL without query or fragment (the fax provider API base URL)',
    ],
  ])('refuse %o naming the variable, never the key', (bad, message) => {
    const error = refusal({ ...TELNYX, ...bad });
    expect(error.message).toBe(`Invalid environment: ${message}`);
    expect(error.message).not.toContain(TELNYX.TELNYX_API_KEY);
  });
});
