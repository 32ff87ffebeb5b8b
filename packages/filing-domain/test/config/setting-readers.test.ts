import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/config/config.js';
import { clientMetadataSettingsFromEnv } from '../../src/config/settings-from-env.js';
import {
  booleanSetting,
  choiceSetting,
  integerSetting,
  postgresUrlSetting,
  requiredSetting,
  SettingError,
  switchSetting,
  textSetting,
} from '../../src/settings.js';

/** The error `read` throws, which must be a SettingError. */
function refusal(read: () => unknown): SettingError {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(SettingError);
    return error as SettingError;
  }
  throw new Error('the setting was accepted');
}

describe('the settings kit', () => {
  it('reads a trimmed value, a blank one as unset, and applies the default only when unset', () => {
    expect(textSetting({ NAME: '  value ' }, 'NAME')).toBe('value');
    expect(textSetting({ NAME: '   ' }, 'NAME')).toBeUndefined();
    expect(integerSetting({}, 'PORT', { fallback: 3000, min: 0, max: 65_535 })).toBe(3000);
    expect(integerSetting({ PORT: ' 0 ' }, 'PORT', { fallback: 3000, min: 0, max: 65_535 })).toBe(0);
    expect(choiceSetting({ MODE: 'ON' }, 'MODE', ['on', 'off'] as const, 'off')).toBe('on');
    expect(booleanSetting({ FLAG: 'False' }, 'FLAG', true)).toBe(false);
    expect(switchSetting({ SWITCH: '1' }, 'SWITCH')).toBe(true);
    expect(requiredSetting({ SECOND: 'x' }, ['FIRST', 'SECOND'], 'it')).toBe('x');
  });

  it.each([
    [
      'PORT',
      () => integerSetting({ PORT: '1e3' }, 'PORT', { fallback: 1, min: 0, max: 9 }),
      'PORT must be an integer from 0 to 9 (got "1e3")',
    ],
    [
      'MODE',
      () => choiceSetting({ MODE: 'Maybe' }, 'MODE', ['on', 'off'], 'off'),
      'MODE must be one of on, off (got "Maybe")',
    ],
    ['FLAG', () => booleanSetting({ FLAG: 'yes' }, 'FLAG', false), 'FLAG must be true or false (got "yes")'],
    ['SWITCH', () => switchSetting({ SWITCH: 'on' }, 'SWITCH'), 'SWITCH must be 1 or 0 (got "on")'],
    [
      'FIRST',
      () => requiredSetting({}, ['FIRST', 'SECOND'], 'the thing'),
      'FIRST is not set: give the thing.',
    ],
  ] as const)('refuses a bad %s with a SettingError naming it', (name, read, message) => {
    const error = refusal(read);
    expect(error.variables[0]).toBe(name);
    expect(error.code).toBe('invalid_config');
    expect(error.message).toBe(message);
  });

  it('never repeats a PostgreSQL URL, which carries a password', () => {
    const error = refusal(() =>
      postgresUrlSetting({ DATABASE_URL: 'mysql://root:hunter2@db/x' }, 'DATABASE_URL'),
    );
    expect(error.variables).toEqual(['DATABASE_URL']);
    expect(error.message).toBe(
      'DATABASE_URL must be a PostgreSQL URL: postgres://user:password@host:5432/database',
    );
    expect(error.message).not.toContain('hunter2');
  });

  it("throws the same SettingError from the schema, naming every variable at fault and no secret's value", () => {
    const secret = 'a-short-secret';
    const error = refusal(() =>
      configFromEnv({
        MCP_BASE_URL: 'ftp://mcp.example',
        APP_URL: 'https://app.example',
        SESSION_JWT_SECRET: secret,
      }),
    );
    expect(error.variables).toEqual(['MCP_BASE_URL', 'SESSION_JWT_SECRET']);
    expect(error.message).toContain('Invalid environment: MCP_BASE_URL: must be an absolute http(s) URL');
    expect(error.message).toContain('SESSION_JWT_SECRET: must be at least 32 characters');
    expect(error.message).not.toContain(secret);
  });

  it('names both variables of the CIMD loopback switch refused on a shared database', () => {
    const error = refusal(() =>
      clientMetadataSettingsFromEnv({ CIMD_ALLOW_LOOPBACK: '1', DATABASE_URL: 'postgres://db/x' }),
    );
    expect(error.variables).toEqual(['CIMD_ALLOW_LOOPBACK', 'CIMD_ALLOW_LOOPBACK_WITH_DATABASE']);
    expect(clientMetadataSettingsFromEnv({ CIMD_ALLOW_LOOPBACK: '1' })).toEqual({ allowLoopback: true });
  });
});
