import { describe, expect, it } from 'vitest';
import {
  configFromEnv,
  filingServerConfigSchema,
  parseFilingServerConfig,
  settingNames,
} from '../../src/config/config.js';
import { rawConfigFromEnv } from '../../src/config/config-env.js';
import { resolveConfigFast } from '../../src/config/config-fast-path.js';
import { CORE_SETTINGS, isGroup, type Setting, type Settings } from '../../src/config/core-settings.js';
import { code } from '../../src/config/environment-variable.js';
import { ENVIRONMENT_VARIABLES } from '../../src/environment-variables.js';
import { STRIPE_SETTINGS } from '../../src/providers/stripe.js';
import { TELNYX_SETTINGS } from '../../src/providers/telnyx.js';

/** The providers' own tables: declared with the same kit, beside each provider. */
const PROVIDER_SETTINGS: Readonly<Record<string, Settings>> = {
  telnyx: TELNYX_SETTINGS,
  stripe: STRIPE_SETTINGS,
};

// The table of the shared settings is where each one is declared; the reader, the errors' names,
// the fast path and the schema are built from it. These pin what users see of it.

const SECRET = 'a-session-secret-that-is-long-enough-0123456789';
const REQUIRED = {
  MCP_BASE_URL: 'https://api.example.com/mcp-server',
  APP_URL: 'https://app.example.com',
  SESSION_JWT_SECRET: SECRET,
};

function leaves(settings: Settings, prefix = ''): Array<[string, Setting]> {
  return Object.entries(settings).flatMap(([key, entry]) =>
    isGroup(entry)
      ? leaves(entry.settings, `${prefix}${key}.`)
      : [[`${prefix}${key}`, entry] as [string, Setting]],
  );
}

describe('the table of the shared settings', () => {
  it('names the variable of each setting in an error as it always has', () => {
    expect(settingNames()).toStrictEqual({
      baseUrl: 'MCP_BASE_URL',
      appUrl: 'APP_URL',
      session: 'SESSION_JWT_SECRET or SESSION_JWKS_URL',
      'session.secret': 'SESSION_JWT_SECRET',
      'session.jwksUrl': 'SESSION_JWKS_URL',
      'session.issuer': 'SESSION_JWT_ISSUER',
      'session.audience': 'SESSION_JWT_AUDIENCE',
      'session.maxAgeSeconds': 'SESSION_JWT_MAX_AGE_SECONDS',
      requireAuth: 'MCP_REQUIRE_AUTH',
      allowedHosts: 'ALLOWED_HOSTS',
      allowedOrigins: 'ALLOWED_ORIGINS',
      authCacheTtlMs: 'AUTH_CACHE_TTL_MS',
      'lifetimes.authorizationCode': 'OAUTH_CODE_TTL_SECONDS',
      'lifetimes.accessToken': 'OAUTH_ACCESS_TOKEN_TTL_SECONDS',
      'lifetimes.refreshToken': 'OAUTH_REFRESH_TOKEN_TTL_SECONDS',
      refreshGraceSeconds: 'OAUTH_REFRESH_GRACE_SECONDS',
      requirePkce: 'OAUTH_REQUIRE_PKCE',
      'database.poolMax': 'DATABASE_POOL_MAX (or PG_POOL_MAX)',
      'database.connectTimeoutMs': 'DATABASE_CONNECT_TIMEOUT_MS',
      'database.acquireTimeoutMs': 'DATABASE_ACQUIRE_TIMEOUT_MS',
      'database.statementTimeoutMs': 'DATABASE_STATEMENT_TIMEOUT_MS',
      'database.idleTimeoutMs': 'DATABASE_IDLE_TIMEOUT_MS',
      'database.namedStatements': 'DATABASE_NAMED_STATEMENTS',
      rateLimits: 'RATE_LIMITS',
      'rateLimits.register': 'RATE_LIMIT_REGISTER_PER_MINUTE',
      'rateLimits.token': 'RATE_LIMIT_TOKEN_PER_MINUTE',
      'rateLimits.authorize': 'RATE_LIMIT_AUTHORIZE_PER_MINUTE',
      'rateLimits.approve': 'RATE_LIMIT_APPROVE_PER_MINUTE',
      'rateLimits.revoke': 'RATE_LIMIT_REVOKE_PER_MINUTE',
      'rateLimits.toolsCall': 'RATE_LIMIT_TOOLS_CALL_PER_MINUTE',
      'rateLimits.packetDownload': 'RATE_LIMIT_PACKET_DOWNLOAD_PER_MINUTE',
      'rateLimits.packetLink': 'RATE_LIMIT_PACKET_LINK_PER_MINUTE',
      'rateLimits.tokenClientFailures': 'RATE_LIMIT_TOKEN_CLIENT_FAILURES_PER_MINUTE',
      'clientExpiry.unusedSeconds': 'OAUTH_UNUSED_CLIENT_TTL_SECONDS',
      'clientExpiry.idleSeconds': 'OAUTH_IDLE_CLIENT_TTL_SECONDS',
      'packetBuilds.cacheMaxBytes': 'PACKET_CACHE_MAX_BYTES',
      'packetBuilds.concurrency': 'PACKET_BUILD_CONCURRENCY',
      'packetBuilds.queueDepth': 'PACKET_QUEUE_DEPTH',
      'packetBuilds.perUser': 'PACKET_BUILDS_PER_USER',
      packetLinkSecret: 'PACKET_LINK_SECRET',
      toolsListTtlSeconds: 'MCP_TOOLS_LIST_TTL_SECONDS',
    });
  });

  it('is the schema’s settings, in its order (the order an error names them in)', () => {
    expect(Object.keys(filingServerConfigSchema.shape)).toEqual(Object.keys(CORE_SETTINGS));
  });

  it('names no provider’s variable: a vendor’s settings are its provider’s', () => {
    const core = new Set(leaves(CORE_SETTINGS).map(([, setting]) => setting.env));
    for (const [provider, settings] of Object.entries(PROVIDER_SETTINGS)) {
      const names = leaves(settings).map(([, setting]) => setting.env);
      expect(names.length, provider).toBeGreaterThan(0);
      for (const name of names) expect(core.has(name), `${provider}: ${name}`).toBe(false);
    }
    for (const name of core) expect(name ?? '').not.toMatch(/TELNYX|STRIPE/);
    expect(Object.values(PROVIDER_SETTINGS).map((settings) => Object.values(settingNames(settings)))).toEqual(
      [
        [
          'TELNYX_API_KEY',
          'TELNYX_FAX_CONNECTION_ID',
          'FAX_FROM_NUMBER',
          'TELNYX_PUBLIC_KEY',
          'TELNYX_API_BASE_URL',
        ],
        [
          'BILLING',
          'STRIPE_SECRET_KEY',
          'STRIPE_WEBHOOK_SECRET',
          'BILLING_TIERS',
          'STRIPE_EXTENSION_PRICE',
          'STRIPE_API_BASE_URL',
        ],
      ],
    );
  });

  it('neither reads nor refuses a provider’s variables: they are the provider’s settings', () => {
    const config = configFromEnv({
      ...REQUIRED,
      FAX_FROM_NUMBER: 'not a number',
      TELNYX_API_KEY: 'k',
      BILLING: 'yes',
      STRIPE_SECRET_KEY: 'pk_bad',
      BILLING_TIERS: 'single:price_single:1',
    });
    expect(config).not.toHaveProperty('fax');
    expect(config).not.toHaveProperty('payments');
    expect(JSON.stringify(config)).not.toMatch(/price_single|pk_bad/);
  });

  it('reads only documented variables, read by every adapter, and documents the defaults it applies (the providers’ too)', () => {
    const documented = new Map(ENVIRONMENT_VARIABLES.map((variable) => [variable.name, variable]));
    const tables = [CORE_SETTINGS, ...Object.values(PROVIDER_SETTINGS)];
    for (const [path, setting] of tables.flatMap((table) => leaves(table))) {
      if (setting.env === undefined) continue;
      const variable = documented.get(setting.env);
      expect(variable?.adapters, `${path}: ${setting.env}`).toBe('all');
      if ('default' in setting && setting.default !== undefined) {
        expect(variable?.default, `${path}: ${setting.env}`).toContain(code(setting.default));
      }
    }
  });

  it('an integer setting refuses a value past its bounds, naming the variable, and the fast path leaves it to the schema', () => {
    for (const [path, setting] of leaves(CORE_SETTINGS)) {
      if (setting.type !== 'integer' || setting.env === undefined) continue;
      for (const value of [setting.min - 1, ...(setting.max === undefined ? [] : [setting.max + 1])]) {
        const env = { ...REQUIRED, [setting.env]: String(value) };
        expect(() => configFromEnv(env), path).toThrow(`Invalid environment: ${setting.env}`);
        expect(resolveConfigFast(rawConfigFromEnv(env)), path).toBeUndefined();
      }
    }
  });

  it('resolves lifetimes, per-route rate limits, client expiry and packet bounds without the schema, as it does', () => {
    const env = {
      ...REQUIRED,
      OAUTH_CODE_TTL_SECONDS: '60',
      OAUTH_ACCESS_TOKEN_TTL_SECONDS: '900',
      RATE_LIMIT_TOOLS_CALL_PER_MINUTE: '120',
      OAUTH_IDLE_CLIENT_TTL_SECONDS: '86400',
      PACKET_BUILD_CONCURRENCY: '4',
      PACKET_QUEUE_DEPTH: '0',
    };
    const fast = resolveConfigFast(rawConfigFromEnv(env));
    expect(fast).toStrictEqual(parseFilingServerConfig(configFromEnv(env)));
    expect(fast).toMatchObject({
      lifetimes: { authorizationCode: 60, accessToken: 900 },
      rateLimits: { toolsCall: 120 },
      clientExpiry: { idleSeconds: 86_400 },
      packetBuilds: { concurrency: 4, queueDepth: 0 },
    });
  });
});
