import { PLATFORM_POOL_DEFAULTS } from '@filing-mcp/filing-domain';
import { describe, expect, it } from 'vitest';
import { expectProviderRefusals } from '../../../packages/serverless/test/support/provider-refusals.js';
import { vercelSettingsFromEnv } from '../src/vercel-settings.js';

const BASE = {
  POSTGRES_URL: 'postgres://user:password@127.0.0.1:9/filing',
  MCP_BASE_URL: 'https://filing.example/mcp-server',
  APP_URL: 'https://app.filing.example',
  SESSION_JWT_SECRET: 'x'.repeat(32),
};

// That process.env is read in vercel-settings.ts alone is checked with the other adapters' settings
// modules by packages/filing-domain/test/config/environment-variables.test.ts.
describe('the Vercel settings', () => {
  it('reads POSTGRES_URL, the Vercel pool defaults and CRON_SECRET', async () => {
    const settings = vercelSettingsFromEnv(() => ({ ...BASE, CRON_SECRET: ' s3cret-s3cret-s3cret ' }));
    const server = await settings.server();
    expect(server.connectionString).toBe(BASE.POSTGRES_URL);
    // The defaults docs/configuration.md shows are the ones the platform applies.
    expect(server.database.poolMax).toBe(PLATFORM_POOL_DEFAULTS.vercel.poolMax);
    expect(server.database.idleTimeoutMs).toBe(PLATFORM_POOL_DEFAULTS.vercel.idleTimeoutMs);
    expect(settings.cronSecret()).toBe('s3cret-s3cret-s3cret');
    expect(vercelSettingsFromEnv(() => BASE).cronSecret()).toBeUndefined();
  });

  it('refuses a bad value at start, naming the variable', async () => {
    await expect(vercelSettingsFromEnv(() => ({ ...BASE, APP_URL: 'app.example' })).server()).rejects.toThrow(
      'Invalid environment: APP_URL: must be an absolute http(s) URL',
    );
    await expect(
      vercelSettingsFromEnv(() => ({ ...BASE, MIGRATE_ON_START: 'yes' })).server(),
    ).rejects.toThrow('MIGRATE_ON_START must be one of false, true (got "yes")');
    await expect(vercelSettingsFromEnv(() => ({ ...BASE, POSTGRES_URL: '' })).server()).rejects.toThrow(
      'DATABASE_URL is not set',
    );
  });

  it('refuses a provider’s bad setting at start with the one SettingError, naming the variable', async () => {
    await expectProviderRefusals((env) => vercelSettingsFromEnv(() => ({ ...BASE, ...env })).server());
  });
});
