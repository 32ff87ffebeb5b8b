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
  });
});
