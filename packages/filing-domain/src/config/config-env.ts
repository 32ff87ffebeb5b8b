// The environment variables as a configuration object, not yet validated: zod-free, so that a
// serverless entry can read its settings without loading zod (see config-fast-path.ts). Values are
// read with the settings kit (./setting-readers.ts); the schema (config.ts) checks them.
import { type Environment, textSetting } from './setting-readers.js';

/** `RATE_LIMITS` (`on` or `off`) and the per-minute limits; `off` wins. */
function rateLimitsFromEnv(env: Environment) {
  const mode = textSetting(env, 'RATE_LIMITS')?.toLowerCase();
  if (mode === 'off') return false;
  if (mode !== undefined && mode !== 'on') return mode;
  return defined({
    register: numeric(env, 'RATE_LIMIT_REGISTER_PER_MINUTE'),
    token: numeric(env, 'RATE_LIMIT_TOKEN_PER_MINUTE'),
    authorize: numeric(env, 'RATE_LIMIT_AUTHORIZE_PER_MINUTE'),
    approve: numeric(env, 'RATE_LIMIT_APPROVE_PER_MINUTE'),
    revoke: numeric(env, 'RATE_LIMIT_REVOKE_PER_MINUTE'),
    toolsCall: numeric(env, 'RATE_LIMIT_TOOLS_CALL_PER_MINUTE'),
    packetDownload: numeric(env, 'RATE_LIMIT_PACKET_DOWNLOAD_PER_MINUTE'),
    packetLink: numeric(env, 'RATE_LIMIT_PACKET_LINK_PER_MINUTE'),
    tokenClientFailures: numeric(env, 'RATE_LIMIT_TOKEN_CLIENT_FAILURES_PER_MINUTE'),
  });
}

/** The fax provider's settings: any one of them set turns fax on, and the schema names what is missing. */
function faxFromEnv(env: Environment) {
  const fax = defined({
    apiKey: textSetting(env, 'TELNYX_API_KEY'),
    connectionId: textSetting(env, 'TELNYX_FAX_CONNECTION_ID'),
    fromNumber: textSetting(env, 'FAX_FROM_NUMBER'),
    publicKey: textSetting(env, 'TELNYX_PUBLIC_KEY'),
    apiBaseUrl: textSetting(env, 'TELNYX_API_BASE_URL'),
  });
  return fax === undefined ? undefined : { provider: 'telnyx' as const, ...fax };
}

/**
 * The payment settings: any Stripe setting, or `BILLING` other than `off`, turns payments on, and
 * the schema names what is missing.
 */
function paymentsFromEnv(env: Environment) {
  const billing = textSetting(env, 'BILLING')?.toLowerCase();
  const stripe = defined({
    secretKey: textSetting(env, 'STRIPE_SECRET_KEY'),
    webhookSecret: textSetting(env, 'STRIPE_WEBHOOK_SECRET'),
    tiers: textSetting(env, 'BILLING_TIERS'),
    extensionPrice: textSetting(env, 'STRIPE_EXTENSION_PRICE'),
    apiBaseUrl: textSetting(env, 'STRIPE_API_BASE_URL'),
  });
  if (stripe === undefined && (billing === undefined || billing === 'off')) return undefined;
  return { ...(billing !== undefined && { billing }), ...stripe };
}

/** Keeps only the entries that are set. */
function defined<T extends Record<string, unknown>>(record: T): Partial<T> | undefined {
  const entries = Object.entries(record).filter(([, value]) => value !== undefined);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as Partial<T>);
}

function list(env: Environment, name: string): string[] | undefined {
  return textSetting(env, name)
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A decimal number as a number, so the schema can say what is wrong with it; anything else as given. */
function numeric(env: Environment, name: string): number | string | undefined {
  const text = textSetting(env, name);
  return text !== undefined && /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** `true` or `false` (any case) as a boolean; anything else as given, for the schema to refuse. */
function flag(env: Environment, name: string): boolean | string | undefined {
  const text = textSetting(env, name);
  if (text === undefined) return undefined;
  const lower = text.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : text;
}

/** The configuration the environment describes, as given (`configFromEnv` validates it). */
export function rawConfigFromEnv(env: Environment) {
  const lifetimes = {
    authorizationCode: numeric(env, 'OAUTH_CODE_TTL_SECONDS'),
    accessToken: numeric(env, 'OAUTH_ACCESS_TOKEN_TTL_SECONDS'),
    refreshToken: numeric(env, 'OAUTH_REFRESH_TOKEN_TTL_SECONDS'),
  };
  const config = {
    baseUrl: textSetting(env, 'MCP_BASE_URL'),
    appUrl: textSetting(env, 'APP_URL'),
    session: {
      secret: textSetting(env, 'SESSION_JWT_SECRET'),
      jwksUrl: textSetting(env, 'SESSION_JWKS_URL'),
      issuer: textSetting(env, 'SESSION_JWT_ISSUER'),
      audience: textSetting(env, 'SESSION_JWT_AUDIENCE'),
      maxAgeSeconds: numeric(env, 'SESSION_JWT_MAX_AGE_SECONDS'),
    },
    requireAuth: textSetting(env, 'MCP_REQUIRE_AUTH'),
    authCacheTtlMs: numeric(env, 'AUTH_CACHE_TTL_MS'),
    allowedHosts: list(env, 'ALLOWED_HOSTS'),
    allowedOrigins: list(env, 'ALLOWED_ORIGINS'),
    lifetimes: Object.values(lifetimes).some((value) => value !== undefined) ? lifetimes : undefined,
    refreshGraceSeconds: numeric(env, 'OAUTH_REFRESH_GRACE_SECONDS'),
    requirePkce: flag(env, 'OAUTH_REQUIRE_PKCE'),
    database: defined({
      poolMax: numeric(env, 'DATABASE_POOL_MAX') ?? numeric(env, 'PG_POOL_MAX'),
      connectTimeoutMs: numeric(env, 'DATABASE_CONNECT_TIMEOUT_MS'),
      acquireTimeoutMs: numeric(env, 'DATABASE_ACQUIRE_TIMEOUT_MS'),
      statementTimeoutMs: numeric(env, 'DATABASE_STATEMENT_TIMEOUT_MS'),
      idleTimeoutMs: numeric(env, 'DATABASE_IDLE_TIMEOUT_MS'),
      namedStatements: flag(env, 'DATABASE_NAMED_STATEMENTS'),
    }),
    rateLimits: rateLimitsFromEnv(env),
    clientExpiry: defined({
      unusedSeconds: numeric(env, 'OAUTH_UNUSED_CLIENT_TTL_SECONDS'),
      idleSeconds: numeric(env, 'OAUTH_IDLE_CLIENT_TTL_SECONDS'),
    }),
    toolsListTtlSeconds: numeric(env, 'MCP_TOOLS_LIST_TTL_SECONDS'),
    packetLinkSecret: textSetting(env, 'PACKET_LINK_SECRET'),
    packetBuilds: defined({
      cacheMaxBytes: numeric(env, 'PACKET_CACHE_MAX_BYTES'),
      concurrency: numeric(env, 'PACKET_BUILD_CONCURRENCY'),
      queueDepth: numeric(env, 'PACKET_QUEUE_DEPTH'),
      perUser: numeric(env, 'PACKET_BUILDS_PER_USER'),
    }),
    fax: faxFromEnv(env),
    payments: paymentsFromEnv(env),
  };
  for (const key of Object.keys(config) as (keyof typeof config)[]) {
    if (config[key] === undefined) delete config[key];
  }
  for (const key of Object.keys(config.session) as (keyof typeof config.session)[]) {
    if (config.session[key] === undefined) delete config.session[key];
  }
  for (const key of Object.keys(lifetimes) as (keyof typeof lifetimes)[]) {
    if (lifetimes[key] === undefined) delete lifetimes[key];
  }
  return config;
}
