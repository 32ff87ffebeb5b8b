import { PLATFORM_POOL_DEFAULTS } from '@filing-mcp/filing-domain';
import { describe, expect, it } from 'vitest';
import { expectProviderRefusals } from '../../../packages/serverless/test/support/provider-refusals.js';
import { lambdaPlatform } from '../src/lambda-platform.js';
import { lambdaSettingsFromEnv } from '../src/lambda-settings.js';

const BASE = {
  DATABASE_URL: 'postgres://user:password@127.0.0.1:9/filing',
  MCP_BASE_URL: 'https://filing.example/mcp-server',
  APP_URL: 'https://app.filing.example',
  SESSION_JWT_SECRET: 'x'.repeat(32),
};

// That process.env is read in lambda-settings.ts alone is checked with the other adapters' settings
// modules by packages/filing-domain/test/config/environment-variables.test.ts.
describe('the Lambda settings', () => {
  it('maps the routing variables, and the server settings with the Lambda pool defaults', async () => {
    const settings = lambdaSettingsFromEnv(
      () => ({ ...BASE, LAMBDA_STRIP_STAGE: 'true', LAMBDA_BASE_PATH: '/api' }),
      lambdaPlatform(),
    );
    expect(settings.routing).toEqual({ stripStage: true, basePath: '/api' });
    const server = await settings.server();
    // The defaults docs/configuration.md shows are the ones the platform applies.
    expect(server.database.poolMax).toBe(PLATFORM_POOL_DEFAULTS.lambda.poolMax);
    expect(server.database.idleTimeoutMs).toBe(PLATFORM_POOL_DEFAULTS.lambda.idleTimeoutMs);
    expect(lambdaSettingsFromEnv(() => BASE, lambdaPlatform()).routing).toEqual({ stripStage: false });
  });

  it('refuses a bad value at start, naming the variable', async () => {
    expect(() =>
      lambdaSettingsFromEnv(() => ({ ...BASE, LAMBDA_STRIP_STAGE: 'yes' }), lambdaPlatform()),
    ).toThrow('LAMBDA_STRIP_STAGE must be true or false (got "yes")');
    const settings = lambdaSettingsFromEnv(() => ({ ...BASE, DATABASE_POOL_MAX: 'ten' }), lambdaPlatform());
    await expect(settings.server()).rejects.toThrow(
      'Invalid environment: DATABASE_POOL_MAX (or PG_POOL_MAX): must be',
    );
    const noDatabase = lambdaSettingsFromEnv(() => ({ ...BASE, DATABASE_URL: '' }), lambdaPlatform());
    await expect(noDatabase.server()).rejects.toThrow('DATABASE_URL is not set');
  });

  it('refuses a provider’s bad setting at start with the one SettingError, naming the variable', async () => {
    await expectProviderRefusals((env) =>
      lambdaSettingsFromEnv(() => ({ ...BASE, ...env }), lambdaPlatform()).server(),
    );
  });
});
