import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configFromEnv, resolveDatabaseSettings } from '../../src/index.js';
import { parseFilingServerConfig } from '../../src/config/config.js';
import { rawConfigFromEnv } from '../../src/config/config-env.js';
import { resolveConfigFast, resolveDatabaseSettingsFast } from '../../src/config/config-fast-path.js';

// The zod-free resolution a serverless cold start uses must answer exactly what the schema
// answers, or nothing (then the schema decides, errors included).

const SECRET = 'a-session-secret-that-is-long-enough-0123456789';

/** Each setting drawn from valid values, edge values and wrong ones; sometimes left out. */
const pick = (...values: unknown[]) =>
  fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 5 },
    { arbitrary: fc.constantFrom(...values), weight: 1 },
  );
const configs = fc
  .record({
    baseUrl: pick(
      'https://api.example.com/mcp-server',
      'https://api.example.com/mcp-server///',
      'http://localhost:3000',
      'https://api.example.com/x?q=1',
      'https://api.example.com/x#f',
      'https://api.example.com/x?',
      'ftp://api.example.com',
      'not a url',
      '',
      42,
    ),
    appUrl: pick('https://app.example.com', 'https://app.example.com/', 'mailto:x@y.z', null),
    basePath: pick('/mcp-server', '/a/b/', '/', '', 'relative', '/a?b', '/a//b', 7),
    session: pick(
      { secret: SECRET },
      { secret: 'short' },
      { secret: SECRET, issuer: 'https://issuer.example', audience: 'filing-mcp' },
      { secret: SECRET, issuer: '' },
      { jwksUrl: 'https://issuer.example/jwks.json' },
      { secret: SECRET, jwksUrl: 'https://issuer.example/jwks.json' },
      { secret: SECRET, extra: 'x' },
      { secret: SECRET, maxAgeSeconds: 600 },
      { secret: SECRET, maxAgeSeconds: 0 },
      { secret: SECRET, maxAgeSeconds: 1.5 },
      { secret: SECRET, maxAgeSeconds: '600' },
      {},
      'secret',
    ),
    requireAuth: pick('tools/call', 'all', 'none', ''),
    allowedHosts: pick(['api.example.com', 'localhost:*'], [], [''], ['a', 1], 'a,b'),
    allowedOrigins: pick(['https://app.example.com'], ['http://localhost:*']),
    authCacheTtlMs: pick(0, 5000, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, '5000', Number.NaN),
    authCacheMaxEntries: pick(1, 10_000, 0, 2.5),
    maxBodyBytes: pick(1, 1_048_576, 0, -5),
    refreshGraceSeconds: pick(0, 30, 315_360_000, 315_360_001, -1),
    requirePkce: pick(true, false, 'true'),
    requirePkceForPublicClients: pick(true, false, 'true'),
    listLimitMax: pick(1, 200, 1000, 1001, 0),
    rateLimits: pick(false, true, { toolsCall: 5 }, {}, 'on'),
    toolsListTtlSeconds: pick(0, 300, 86_400, 86_401),
    lifetimes: pick({ accessToken: 60 }),
    database: pick({ poolMax: 3 }),
    clientExpiry: pick({ idleSeconds: 60 }),
    unknownSetting: pick('x'),
  })
  .map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
/** Mostly the three required settings valid, so that the other settings decide. */
const mostlyValid = fc
  .tuple(configs, fc.constantFrom('https://api.example.com/mcp-server/', 'http://localhost:3000'))
  .map(([config, baseUrl]) => ({
    ...config,
    baseUrl,
    appUrl: 'https://app.example.com',
    session: { secret: SECRET },
  }));

function zodResult(input: unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseFilingServerConfig(input) };
  } catch {
    return { ok: false };
  }
}

describe('configuration without zod', () => {
  it('answers what the schema answers for every configuration it resolves, and nothing for one the schema refuses', () => {
    let resolvedFast = 0;
    fc.assert(
      fc.property(fc.oneof(configs, mostlyValid), (input) => {
        const fast = resolveConfigFast(input);
        const reference = zodResult(input);
        if (fast === undefined) return;
        resolvedFast += 1;
        expect(reference.ok).toBe(true);
        expect(fast).toStrictEqual((reference as { value: unknown }).value);
      }),
      { numRuns: 3000 },
    );
    // The generator reaches the fast path often enough for the comparison to mean something.
    expect(resolvedFast).toBeGreaterThan(200);
  });

  it('resolves a usual deployment’s environment as configFromEnv and the schema do', () => {
    const env = {
      MCP_BASE_URL: 'https://api.example.com/mcp-server/',
      APP_URL: 'https://app.example.com',
      SESSION_JWT_SECRET: SECRET,
      MCP_REQUIRE_AUTH: 'all',
      ALLOWED_HOSTS: 'api.example.com, localhost:*',
      AUTH_CACHE_TTL_MS: '0',
      RATE_LIMITS: 'off',
      MCP_TOOLS_LIST_TTL_SECONDS: '60',
      SESSION_JWT_MAX_AGE_SECONDS: '3600',
      OAUTH_REQUIRE_PKCE: 'true',
    };
    const fast = resolveConfigFast(rawConfigFromEnv(env));
    expect(fast).toBeDefined();
    expect(fast).toStrictEqual(parseFilingServerConfig(configFromEnv(env)));
    // An invalid value is left to the schema, which names the variable.
    expect(resolveConfigFast(rawConfigFromEnv({ ...env, AUTH_CACHE_TTL_MS: '-1' }))).toBeUndefined();
    expect(() => configFromEnv({ ...env, AUTH_CACHE_TTL_MS: '-1' })).toThrow('AUTH_CACHE_TTL_MS');
  });

  it('resolves unset database settings as the schema does, and leaves set ones to it', () => {
    for (const platform of [
      { poolMax: 2, idleTimeoutMs: 10_000 },
      { poolMax: 3 },
      { poolMax: 10, idleTimeoutMs: 1 },
    ]) {
      expect(resolveDatabaseSettingsFast(undefined, platform)).toStrictEqual(
        resolveDatabaseSettings(undefined, platform),
      );
    }
    expect(resolveDatabaseSettingsFast({ poolMax: 4 }, { poolMax: 2 })).toBeUndefined();
    expect(resolveDatabaseSettingsFast(undefined, { poolMax: 2, idleTimeoutMs: 0 })).toBeUndefined();
  });
});
