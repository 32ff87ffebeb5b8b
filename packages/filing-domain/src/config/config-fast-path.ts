// The common configurations resolved without zod, so that a serverless cold start answers
// `initialize` without loading it. Anything this module is not sure of (an unusual setting, any
// invalid value) answers undefined, and the caller validates with the zod schema of config.ts,
// which then answers the same result or the error naming the setting. A property test
// (test/config/config-fast-path.test.ts) checks that every result here equals the schema's.
import type { ResolvedFilingServerConfig } from './config.js';
import type { ResolvedDatabaseSettings } from './database-settings-schema.js';
import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import { CONFIG_DEFAULTS, DATABASE_DEFAULTS, type PlatformPoolDefaults } from './defaults.js';

const MAX_SECONDS = 10 * 365 * 24 * 3600;
const KEYS = new Set([
  'baseUrl',
  'appUrl',
  'basePath',
  'session',
  'requireAuth',
  'allowedHosts',
  'allowedOrigins',
  'authCacheTtlMs',
  'authCacheMaxEntries',
  'maxBodyBytes',
  'refreshGraceSeconds',
  'requirePkce',
  'requirePkceForPublicClients',
  'listLimitMax',
  'rateLimits',
  'toolsListTtlSeconds',
  'packetLinkSecret',
]);
const SESSION_KEYS = new Set(['secret', 'issuer', 'audience', 'maxAgeSeconds']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** A safe integer in [min, max], or undefined. */
function integer(value: unknown, min: number, max: number): number | undefined {
  return Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max
    ? (value as number)
    : undefined;
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) return undefined;
  return withoutTrailingSlash(value);
}

function nonEmptyStrings(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  for (const item of value) if (typeof item !== 'string' || item.length === 0) return undefined;
  return [...value];
}

/**
 * The configuration resolved as `parseFilingServerConfig` would, or undefined when it holds a
 * setting this fast path leaves to the schema (a JWKS URL, lifetimes, database settings, per-route
 * rate limits, client expiry) or any invalid value.
 */
export function resolveConfigFast(input: unknown): ResolvedFilingServerConfig | undefined {
  if (!isPlainObject(input)) return undefined;
  for (const [key, value] of Object.entries(input))
    if (!KEYS.has(key) || value === undefined) return undefined;
  const baseUrl = httpUrl(input.baseUrl);
  const appUrl = httpUrl(input.appUrl);
  if (baseUrl === undefined || appUrl === undefined) return undefined;
  const config: Record<string, unknown> = { baseUrl, appUrl };
  if ('basePath' in input) {
    const basePath = input.basePath;
    if (typeof basePath !== 'string' || !/^(\/[^/?#]+)*\/?$/.test(basePath)) return undefined;
    config.basePath = withoutTrailingSlash(basePath);
  }
  const session = input.session;
  if (!isPlainObject(session)) return undefined;
  for (const [key, value] of Object.entries(session)) {
    if (!SESSION_KEYS.has(key)) return undefined;
    if (key === 'maxAgeSeconds' ? integer(value, 1, MAX_SECONDS) === undefined : typeof value !== 'string') {
      return undefined;
    }
  }
  if ((session.secret as string | undefined) === undefined || (session.secret as string).length < 32) {
    return undefined;
  }
  if (session.issuer === '' || session.audience === '') return undefined;
  config.session = { ...session };
  const requireAuth = input.requireAuth ?? CONFIG_DEFAULTS.requireAuth;
  if (requireAuth !== 'tools/call' && requireAuth !== 'all') return undefined;
  config.requireAuth = requireAuth;
  for (const key of ['allowedHosts', 'allowedOrigins'] as const) {
    if (!(key in input)) continue;
    const list = nonEmptyStrings(input[key]);
    if (list === undefined) return undefined;
    config[key] = key === 'allowedOrigins' ? list.map(withoutTrailingSlash) : list;
  }
  const numbers: Array<[string, number, number, number | undefined]> = [
    ['authCacheTtlMs', 0, Number.MAX_SAFE_INTEGER, CONFIG_DEFAULTS.authCacheTtlMs],
    ['authCacheMaxEntries', 1, Number.MAX_SAFE_INTEGER, CONFIG_DEFAULTS.authCacheMaxEntries],
    ['maxBodyBytes', 1, Number.MAX_SAFE_INTEGER, undefined],
    ['refreshGraceSeconds', 0, MAX_SECONDS, undefined],
    ['listLimitMax', 1, 1000, CONFIG_DEFAULTS.listLimitMax],
    ['toolsListTtlSeconds', 0, 86_400, CONFIG_DEFAULTS.toolsListTtlSeconds],
  ];
  for (const [key, min, max, fallback] of numbers) {
    if (!(key in input)) {
      if (fallback !== undefined) config[key] = fallback;
      continue;
    }
    const value = integer(input[key], min, max);
    if (value === undefined) return undefined;
    config[key] = value;
  }
  for (const key of ['requirePkce', 'requirePkceForPublicClients'] as const) {
    if (!(key in input)) continue;
    if (typeof input[key] !== 'boolean') return undefined;
    config[key] = input[key];
  }
  if ('packetLinkSecret' in input) {
    if (typeof input.packetLinkSecret !== 'string' || input.packetLinkSecret.length < 32) return undefined;
    config.packetLinkSecret = input.packetLinkSecret;
  }
  if ('rateLimits' in input) {
    if (input.rateLimits !== false) return undefined;
    config.rateLimits = false;
  }
  return config as ResolvedFilingServerConfig;
}

/**
 * Database settings resolved as `resolveDatabaseSettings` would when none are set, or undefined
 * (then resolve them with the schema).
 */
export function resolveDatabaseSettingsFast(
  settings: unknown,
  platform: PlatformPoolDefaults,
): (ResolvedDatabaseSettings & { poolMax: number }) | undefined {
  if (settings !== undefined) return undefined;
  const idleTimeoutMs =
    platform.idleTimeoutMs === undefined
      ? DATABASE_DEFAULTS.idleTimeoutMs
      : integer(platform.idleTimeoutMs, 1, 3_600_000);
  if (idleTimeoutMs === undefined) return undefined;
  return {
    connectTimeoutMs: DATABASE_DEFAULTS.connectTimeoutMs,
    acquireTimeoutMs: DATABASE_DEFAULTS.acquireTimeoutMs,
    statementTimeoutMs: DATABASE_DEFAULTS.statementTimeoutMs,
    idleTimeoutMs,
    namedStatements: platform.namedStatements ?? false,
    poolMax: platform.poolMax,
  };
}
