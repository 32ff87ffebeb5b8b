// The shared core settings (`FilingServerConfig`), each declared once, here: its configuration key
// (the property, nested as in the configuration), the environment variable it is read from (`env`),
// its type and bounds, the default the schema applies (from ./defaults.ts) and, in its doc comment,
// what it means. Derived from this table: the environment reader (config-env.ts), the variable an
// error names (`settingNames`, config.ts), the zod-free resolver of the cold start (its keys and
// bounds, config-fast-path.ts) and the schema's integers, switches and choices (config.ts,
// database-settings-schema.ts). Messages, patterns and the checks zod alone makes stay in the
// schema. Zod-free and small: every serverless cold start loads it. What the configuration page
// says of each variable is in ./variables/ (docs/configuration.md is generated from it). Vendor
// neutral: a provider's settings (the fax provider's, the payment provider's) are declared with the
// same kit in its own module (submission/providers/, payments/providers/), which its adapter reads.
import { CONFIG_DEFAULTS, DATABASE_DEFAULTS } from './defaults.js';

/** Ten years: longer credential lifetimes would overflow the dates they are stored as. */
export const MAX_SECONDS = 10 * 365 * 24 * 3600;

/** What every setting declares: the variable it is read from (none: given in code only). */
interface SettingBase {
  readonly env: string | undefined;
  /** Refused when missing (by the cold start too, which then leaves it to the schema). */
  readonly required?: true;
}

/** A whole number from `min` to `max` (no bound above: any safe integer). */
export interface IntegerSetting extends SettingBase {
  readonly type: 'integer';
  readonly min: 0 | 1;
  readonly max: number | undefined;
  readonly default?: number;
  /** An older variable, read when `env` is unset. */
  readonly alias?: string;
  /** The unit the schema names when it is not an integer (`an integer number of milliseconds`). */
  readonly unit?: 'milliseconds';
}

/** `true` or `false` (any case in the environment). */
export interface BooleanSetting extends SettingBase {
  readonly type: 'boolean';
  readonly default?: boolean;
}

/** One of `options`; in the environment as written, or in any case with `anyCase`. */
export interface ChoiceSetting<T extends string = string> extends SettingBase {
  readonly type: 'choice';
  readonly options: readonly [T, ...T[]];
  readonly default: T;
  readonly anyCase?: true;
}

/**
 * A text: `http-url` an absolute http(s) URL without query or fragment (kept without trailing
 * slashes), `path` a path starting with `/` ({@link BASE_PATH}), `name` a non-empty text, `secret` a
 * key of at least {@link SECRET_LENGTH} characters, `hosts` and `origins` comma-separated lists
 * (origins without trailing slashes); `url` and `text` are checked by the schema alone (a pattern,
 * a message the cold start does not need).
 */
export interface TextSetting extends SettingBase {
  readonly type: 'http-url' | 'path' | 'name' | 'secret' | 'hosts' | 'origins' | 'url' | 'text';
}

/** A setting of the table: one value. */
export type Setting = IntegerSetting | BooleanSetting | ChoiceSetting | TextSetting;

/** Settings that go together, as one object of the configuration. */
export interface SettingGroup<S extends Settings = Settings> {
  readonly settings: S;
  /** A variable that turns the whole group off (`off`, the group is then `false`) or on (`on`). */
  readonly switch?: string;
  /** Always given (empty when none of its variables is set), so that the schema names what it misses. */
  readonly required?: true;
}

/** The settings of one object of the configuration, by key. */
export type Settings = { readonly [key: string]: Setting | SettingGroup };

/** The shape a base path takes (`basePath`): `/`, or segments each starting with `/`. */
export const BASE_PATH = /^(\/[^/?#]+)*\/?$/;

/** The shortest session or packet link secret. */
export const SECRET_LENGTH = 32;

/** Whether a value is an absolute http(s) URL without query or fragment. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash;
}

// The constructors keep each line of the table short, and its minified form too.
type IntegerWithDefault = IntegerSetting & { readonly default: number };
function integer(env: string | undefined, min: 0 | 1, max?: number): IntegerSetting;
function integer(
  env: string | undefined,
  min: 0 | 1,
  max: number | undefined,
  fallback: number,
): IntegerWithDefault;
function integer(env: string | undefined, min: 0 | 1, max?: number, fallback?: number): IntegerSetting {
  return fallback === undefined
    ? { type: 'integer', env, min, max }
    : { type: 'integer', env, min, max, default: fallback };
}
const perMinute = (env: string) => integer(env, 1);
const seconds = (env: string) => integer(env, 1, MAX_SECONDS);
const milliseconds = (env: string, fallback: number): IntegerWithDefault => ({
  ...integer(env, 1, 3_600_000, fallback),
  unit: 'milliseconds',
});
const flag = (env: string | undefined): BooleanSetting => ({ type: 'boolean', env });
const choice = <const T extends string>(env: string, options: readonly [T, ...T[]], fallback: T) => ({
  type: 'choice' as const,
  env,
  options,
  default: fallback,
});
const text = <T extends TextSetting['type'], E extends string | undefined>(type: T, env: E) => ({
  type,
  env,
});
const group = <S extends Settings>(
  settings: S,
  options?: Omit<SettingGroup, 'settings'>,
): SettingGroup<S> => ({
  settings,
  ...options,
});

/**
 * The shared settings of the core, as `FilingServerConfig` nests them (the schema's order: an error
 * names the settings at fault in it). A setting without `env` is given in code only.
 */
export const CORE_SETTINGS = {
  /** `{base_url}`, the MCP endpoint's public address; also the OAuth issuer and resource. */
  baseUrl: { ...text('http-url', 'MCP_BASE_URL'), required: true },
  /** `{app_url}`, the companion app (consent page, filing pages). */
  appUrl: { ...text('http-url', 'APP_URL'), required: true },
  /** The path the server is mounted at; default the path of `baseUrl`. */
  basePath: text('path', undefined),
  /**
   * How `/approve` verifies session JWTs: exactly one of `secret` (HS256, at least 32 characters)
   * and `jwksUrl`; `issuer` and `audience` are checked when set; `maxAgeSeconds` (default
   * `CONFIG_DEFAULTS.sessionMaxAgeSeconds`, applied by the session check) refuses a token issued
   * longer ago, living longer, or without `iat`.
   */
  session: group(
    {
      secret: text('secret', 'SESSION_JWT_SECRET'),
      jwksUrl: text('url', 'SESSION_JWKS_URL'),
      issuer: text('name', 'SESSION_JWT_ISSUER'),
      audience: text('name', 'SESSION_JWT_AUDIENCE'),
      maxAgeSeconds: seconds('SESSION_JWT_MAX_AGE_SECONDS'),
    },
    { required: true },
  ),
  /** `tools/call` (the spec: the default) or `all` (every MCP method challenges). */
  requireAuth: choice('MCP_REQUIRE_AUTH', ['tools/call', 'all'], CONFIG_DEFAULTS.requireAuth),
  /** `Host` values accepted (DNS-rebinding protection). */
  allowedHosts: text('hosts', 'ALLOWED_HOSTS'),
  /** Browser `Origin`s accepted. */
  allowedOrigins: text('origins', 'ALLOWED_ORIGINS'),
  /**
   * How long a verified credential is trusted without a database look-up; 0 disables. Revocation
   * takes effect within it.
   */
  authCacheTtlMs: integer('AUTH_CACHE_TTL_MS', 0, undefined, CONFIG_DEFAULTS.authCacheTtlMs),
  /** How many verified credentials that cache holds at most. */
  authCacheMaxEntries: integer(undefined, 1, undefined, CONFIG_DEFAULTS.authCacheMaxEntries),
  /** The largest request body accepted, in bytes; default the protocol's. */
  maxBodyBytes: integer(undefined, 1),
  /**
   * Seconds of `authorizationCode` (default 300), `accessToken` (3600) and `refreshToken` (30
   * days); the defaults are `CONFIG_DEFAULTS.lifetimes`, applied by oauth-core.
   */
  lifetimes: group({
    authorizationCode: seconds('OAUTH_CODE_TTL_SECONDS'),
    accessToken: seconds('OAUTH_ACCESS_TOKEN_TTL_SECONDS'),
    refreshToken: seconds('OAUTH_REFRESH_TOKEN_TTL_SECONDS'),
  }),
  /**
   * How long a rotated refresh token may be presented again, for clients that refresh twice in
   * parallel (default `CONFIG_DEFAULTS.refreshGraceSeconds`, 0: off; a reused rotated token otherwise
   * revokes the grant, RFC 9700 section 4.14.2).
   */
  refreshGraceSeconds: integer('OAUTH_REFRESH_GRACE_SECONDS', 0, MAX_SECONDS),
  /**
   * Whether every client, confidential ones included, must send a `code_challenge` (default
   * `CONFIG_DEFAULTS.requirePkce`, true: OAuth 2.1).
   */
  requirePkce: flag('OAUTH_REQUIRE_PKCE'),
  /** @deprecated The old name of `requirePkce`. */
  requirePkceForPublicClients: flag(undefined),
  /** Upper bound of the list tools' `limit`. */
  listLimitMax: integer(undefined, 1, 1000, CONFIG_DEFAULTS.listLimitMax),
  /**
   * PostgreSQL pool size (the platform's default, `PLATFORM_POOL_DEFAULTS`) and time limits, applied
   * by every adapter (`DatabaseSettings`).
   */
  database: group({
    poolMax: { ...integer('DATABASE_POOL_MAX', 1, 1000), alias: 'PG_POOL_MAX' },
    connectTimeoutMs: milliseconds('DATABASE_CONNECT_TIMEOUT_MS', DATABASE_DEFAULTS.connectTimeoutMs),
    acquireTimeoutMs: milliseconds('DATABASE_ACQUIRE_TIMEOUT_MS', DATABASE_DEFAULTS.acquireTimeoutMs),
    statementTimeoutMs: milliseconds('DATABASE_STATEMENT_TIMEOUT_MS', DATABASE_DEFAULTS.statementTimeoutMs),
    idleTimeoutMs: milliseconds('DATABASE_IDLE_TIMEOUT_MS', DATABASE_DEFAULTS.idleTimeoutMs),
    namedStatements: { ...flag('DATABASE_NAMED_STATEMENTS'), default: false },
  }),
  /**
   * Requests per minute per client address (`register`, `token`, `authorize`, `approve`, `revoke`)
   * and per credential (`toolsCall`), shared through PostgreSQL; the signed packet downloads per
   * client address (`packetDownload`) and per link (`packetLink`). Defaults in
   * `DEFAULT_RATE_LIMITS`; `false` (`RATE_LIMITS=off`) turns every limit off.
   */
  rateLimits: group(
    {
      register: perMinute('RATE_LIMIT_REGISTER_PER_MINUTE'),
      token: perMinute('RATE_LIMIT_TOKEN_PER_MINUTE'),
      authorize: perMinute('RATE_LIMIT_AUTHORIZE_PER_MINUTE'),
      approve: perMinute('RATE_LIMIT_APPROVE_PER_MINUTE'),
      revoke: perMinute('RATE_LIMIT_REVOKE_PER_MINUTE'),
      toolsCall: perMinute('RATE_LIMIT_TOOLS_CALL_PER_MINUTE'),
      packetDownload: perMinute('RATE_LIMIT_PACKET_DOWNLOAD_PER_MINUTE'),
      packetLink: perMinute('RATE_LIMIT_PACKET_LINK_PER_MINUTE'),
      tokenClientFailures: perMinute('RATE_LIMIT_TOKEN_CLIENT_FAILURES_PER_MINUTE'),
    },
    { switch: 'RATE_LIMITS' },
  ),
  /**
   * Seconds after which the cleanup job deletes a registered client that never obtained a token
   * (`unusedSeconds`, default 86400) and one with no live grant (`idleSeconds`, default 7776000, 90
   * days); the defaults are `DEFAULT_CLIENT_EXPIRY`.
   */
  clientExpiry: group({
    unusedSeconds: seconds('OAUTH_UNUSED_CLIENT_TTL_SECONDS'),
    idleSeconds: seconds('OAUTH_IDLE_CLIENT_TTL_SECONDS'),
  }),
  /** The packet cache and build queue; defaults in `DEFAULT_PACKET_BUILD_LIMITS`. */
  packetBuilds: group({
    cacheMaxBytes: integer('PACKET_CACHE_MAX_BYTES', 0),
    concurrency: integer('PACKET_BUILD_CONCURRENCY', 1, 64),
    queueDepth: integer('PACKET_QUEUE_DEPTH', 0, 10_000),
    perUser: integer('PACKET_BUILDS_PER_USER', 1),
  }),
  /**
   * Key material (32+ characters, the same on every instance) of the signed packet download links
   * get_pdf_url answers; default derived from `session.secret` (HKDF, so the two keys differ), else
   * a random key per instance (a link then works only where it was made).
   */
  packetLinkSecret: text('secret', 'PACKET_LINK_SECRET'),
  /**
   * The `ttlMs` (in seconds) of `server/discover` and `tools/list` on the MCP 2026-07-28 wire, whose
   * `cacheScope` is `public` (the list is the same for every user).
   */
  toolsListTtlSeconds: integer('MCP_TOOLS_LIST_TTL_SECONDS', 0, 86_400, CONFIG_DEFAULTS.toolsListTtlSeconds),
} as const satisfies Settings;

/** Whether an entry of the table is a group of settings. */
export const isGroup = (entry: Setting | SettingGroup): entry is SettingGroup => 'settings' in entry;

/**
 * The variable each setting of a table is read from, by its path (`session.secret`,
 * `DATABASE_POOL_MAX (or PG_POOL_MAX)` with an older name), and what an error about a group names
 * (`groupNames` by its path, else its switch): the names an error of the schema is given in.
 */
export function settingNames(
  settings: Settings,
  groupNames: Readonly<Record<string, string>> = {},
  prefix = '',
): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [key, entry] of Object.entries(settings)) {
    const path = `${prefix}${key}`;
    if (isGroup(entry)) {
      const named = groupNames[path] ?? entry.switch;
      if (named !== undefined) names[path] = named;
      Object.assign(names, settingNames(entry.settings, groupNames, `${path}.`));
    } else if (entry.env !== undefined) {
      names[path] =
        'alias' in entry && entry.alias !== undefined ? `${entry.env} (or ${entry.alias})` : entry.env;
    }
  }
  return names;
}
