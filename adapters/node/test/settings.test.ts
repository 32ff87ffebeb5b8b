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
  ] as const)('%s=%s', async (name, value, errorClass, message) => {
    const dir = dataDir();
    const start = startServer({ env: { DATA_DIR: dir, PORT: '0', [name]: value } });
    await expect(start).rejects.toThrow(errorClass);
    await expect(start).rejects.toThrow(message);
    expect(existsSync(dir)).toBe(false);
  });
});
