import * as z from 'zod';
import { databaseSettingsSchema } from './database-settings-schema.js';
import { paymentsSettingsSchema } from './payments-settings-schema.js';
import { rawConfigFromEnv } from './config-env.js';
import { SettingError } from './setting-error.js';
import { withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import { CONFIG_DEFAULTS } from './defaults.js';

const httpUrl = (what: string) =>
  z
    .string({ message: `must be the ${what} as a string` })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash;
        } catch {
          return false;
        }
      },
      { message: `must be an absolute http(s) URL without query or fragment (the ${what})` },
    )
    // One spelling everywhere: the metadata's `resource` and `issuer` must be byte-identical.
    .transform(withoutTrailingSlash);

const positiveInt = z
  .number({ message: 'must be an integer' })
  .int({ message: 'must be an integer' })
  .positive({ message: 'must be positive' });

/** Ten years: longer credential lifetimes would overflow the dates they are stored as. */
const MAX_SECONDS = 10 * 365 * 24 * 3600;
const lifetimeSeconds = positiveInt.max(MAX_SECONDS, {
  message: `must be at most ${MAX_SECONDS} (10 years)`,
});

const sessionSchema = z.object({
  secret: z.string().min(32, { message: 'must be at least 32 characters (HS256 key)' }).optional(),
  jwksUrl: z.url({ message: 'must be a URL' }).optional(),
  issuer: z.string().min(1).optional(),
  audience: z.string().min(1).optional(),
  maxAgeSeconds: positiveInt
    .max(MAX_SECONDS, { message: `must be at most ${MAX_SECONDS} (10 years)` })
    .optional(),
});

/** Schema of {@link FilingServerConfig}; `createFilingServer` parses its `config` with it. */
export const filingServerConfigSchema = z
  .object({
    baseUrl: httpUrl('MCP base URL, e.g. https://api.example.com/mcp-server'),
    appUrl: httpUrl('companion app URL'),
    basePath: z
      .string()
      .regex(/^(\/[^/?#]+)*\/?$/, { message: 'must be a path starting with / (e.g. /api/mcp-server)' })
      .transform(withoutTrailingSlash)
      .optional(),
    session: sessionSchema.refine(
      (session) => (session.secret === undefined) !== (session.jwksUrl === undefined),
      { message: 'needs exactly one of secret and jwksUrl' },
    ),
    requireAuth: z
      .enum(['tools/call', 'all'], { message: "must be 'tools/call' or 'all'" })
      .default(CONFIG_DEFAULTS.requireAuth),
    allowedHosts: z.array(z.string().min(1)).optional(),
    allowedOrigins: z
      .array(z.string().min(1))
      .transform((origins) => origins.map(withoutTrailingSlash))
      .optional(),
    authCacheTtlMs: z
      .number()
      .int({ message: 'must be an integer' })
      .min(0, { message: 'must be 0 or more' })
      .default(CONFIG_DEFAULTS.authCacheTtlMs),
    authCacheMaxEntries: positiveInt.default(CONFIG_DEFAULTS.authCacheMaxEntries),
    maxBodyBytes: positiveInt.optional(),
    lifetimes: z
      .object({
        authorizationCode: lifetimeSeconds.optional(),
        accessToken: lifetimeSeconds.optional(),
        refreshToken: lifetimeSeconds.optional(),
      })
      .strict()
      .optional(),
    refreshGraceSeconds: z
      .number({ message: 'must be an integer' })
      .int({ message: 'must be an integer' })
      .min(0, { message: 'must be 0 or more' })
      .max(MAX_SECONDS, { message: `must be at most ${MAX_SECONDS} (10 years)` })
      .optional(),
    requirePkce: z.boolean({ message: 'must be true or false' }).optional(),
    /** @deprecated Use `requirePkce`, which now applies to every client. */
    requirePkceForPublicClients: z.boolean({ message: 'must be true or false' }).optional(),
    listLimitMax: positiveInt
      .max(1000, { message: 'must be at most 1000' })
      .default(CONFIG_DEFAULTS.listLimitMax),
    database: databaseSettingsSchema.optional(),
    rateLimits: z
      .union([
        z.literal(false),
        z
          .object({
            register: positiveInt.optional(),
            token: positiveInt.optional(),
            authorize: positiveInt.optional(),
            approve: positiveInt.optional(),
            revoke: positiveInt.optional(),
            toolsCall: positiveInt.optional(),
            packetDownload: positiveInt.optional(),
            packetLink: positiveInt.optional(),
            tokenClientFailures: positiveInt.optional(),
          })
          .strict(),
      ])
      .optional(),
    clientExpiry: z
      .object({ unusedSeconds: lifetimeSeconds.optional(), idleSeconds: lifetimeSeconds.optional() })
      .strict()
      .optional(),
    packetBuilds: z
      .object({
        cacheMaxBytes: z
          .number({ message: 'must be an integer' })
          .int({ message: 'must be an integer' })
          .min(0, { message: 'must be 0 or more' })
          .optional(),
        concurrency: positiveInt.max(64, { message: 'must be at most 64' }).optional(),
        queueDepth: z
          .number({ message: 'must be an integer' })
          .int({ message: 'must be an integer' })
          .min(0, { message: 'must be 0 or more' })
          .max(10_000, { message: 'must be at most 10000' })
          .optional(),
        perUser: positiveInt.optional(),
      })
      .strict()
      .optional(),
    packetLinkSecret: z
      .string({ message: 'must be a string' })
      .min(32, { message: 'must be at least 32 characters' })
      .optional(),
    fax: z
      .object({
        provider: z.literal('telnyx', { message: 'must be "telnyx"' }).default('telnyx'),
        apiKey: z.string({ message: 'is required to send faxes' }).min(1, { message: 'is required' }),
        connectionId: z.string({ message: 'is required to send faxes' }).min(1, { message: 'is required' }),
        fromNumber: z
          .string({ message: 'is required to send faxes' })
          .regex(/^\+[1-9]\d{6,14}$/, { message: 'must be a phone number in E.164 form, e.g. +13125550100' }),
        publicKey: z.string({ message: 'is required to verify fax webhooks' }).regex(/^[A-Za-z0-9+/]{43}=$/, {
          message: 'must be the base64 Ed25519 public key (44 characters)',
        }),
        apiBaseUrl: httpUrl('fax provider API base URL').optional(),
      })
      .strict()
      .optional(),
    payments: paymentsSettingsSchema.optional(),
    toolsListTtlSeconds: z
      .number({ message: 'must be an integer' })
      .int({ message: 'must be an integer' })
      .min(0, { message: 'must be 0 or more' })
      .max(86_400, { message: 'must be at most 86400 (a day)' })
      .default(CONFIG_DEFAULTS.toolsListTtlSeconds),
  })
  .strict();

/**
 * Settings of the composed server, as given (defaults applied by {@link parseFilingServerConfig}).
 *
 * - `baseUrl`: `{base_url}`, the MCP endpoint's public address; also the OAuth issuer and resource.
 * - `appUrl`: `{app_url}`, the companion app (consent page, filing pages).
 * - `basePath`: path the server is mounted at, default the path of `baseUrl`.
 * - `session`: how `/approve` verifies session JWTs: exactly one of `secret` (HS256) and `jwksUrl`;
 *   `maxAgeSeconds` (default 86400) refuses a token issued longer ago, living longer, or without `iat`.
 * - `requireAuth`: `'tools/call'` (default, the spec) or `'all'` (every MCP method challenges).
 * - `authCacheTtlMs`: how long a verified credential is trusted without a database look-up
 *   (default 5000; 0 disables). Revocation takes effect within it. `authCacheMaxEntries` bounds it.
 * - `listLimitMax`: upper bound of the list tools' `limit` (default 200).
 * - `packetLinkSecret`: key material (32+ characters, the same on every instance) of the signed
 *   packet download links get_pdf_url answers; default derived from `session.secret` (HKDF, so the
 *   two keys differ), else a random key per instance (a link then works only where it was made).
 * - `fax`: the fax provider (Telnyx Programmable Fax): `apiKey`, `connectionId`, `fromNumber`
 *   (E.164), `publicKey` (base64 Ed25519, verifies the fax-status webhook) and `apiBaseUrl` (a
 *   stand-in for tests and staging). Without it, send_fax answers the mail route instead.
 * - `payments`: card checkout (Stripe, through the payment provider an adapter hands in):
 *   `billing` (`on`: a filing uses a credit when first filed; default `off`), `secretKey`,
 *   `webhookSecret`, `tiers` (`name:price_id:filings,...`), `extensionPrice` and `apiBaseUrl`.
 * - `toolsListTtlSeconds`: the `ttlMs` (in seconds) of `server/discover` and `tools/list` on the MCP
 *   2026-07-28 wire, whose `cacheScope` is `public` (the list is the same for every user); default 300.
 * - `lifetimes`: seconds of `authorizationCode` (default 300), `accessToken` (3600) and
 *   `refreshToken` (30 days); positive integers.
 * - `refreshGraceSeconds`: how long a rotated refresh token may be presented again, for clients that
 *   refresh twice in parallel (default 0: off; a reused rotated token otherwise revokes the grant, RFC 9700 section 4.14.2).
 * - `requirePkce`: whether every client, confidential ones included, must send a `code_challenge`
 *   (default true, OAuth 2.1); `requirePkceForPublicClients` is its deprecated old name.
 * - `database`: PostgreSQL pool size and time limits, applied by every adapter (see `DatabaseSettings`).
 * - `rateLimits`: requests per minute per client address (`register`, `token`, `authorize`,
 *   `approve`, `revoke`) and per credential (`toolsCall`), shared through PostgreSQL; `false` turns
 *   every limit off. Defaults in `DEFAULT_RATE_LIMITS`. The signed packet downloads are limited
 *   per client address (`packetDownload`) and per link (`packetLink`).
 * - `packetBuilds`: the packet cache and build queue (`cacheMaxBytes`, `concurrency`, `queueDepth`,
 *   `perUser`); defaults in `DEFAULT_PACKET_BUILD_LIMITS`.
 * - `clientExpiry`: seconds after which the cleanup job deletes a registered client that never
 *   obtained a token (`unusedSeconds`, default 86400) and one with no live grant (`idleSeconds`,
 *   default 7776000, 90 days).
 */
export type FilingServerConfig = z.input<typeof filingServerConfigSchema>;

/** {@link FilingServerConfig} after validation, defaults applied. */
export type ResolvedFilingServerConfig = z.output<typeof filingServerConfigSchema>;

/** A refusal naming each setting at fault (its path, or what `rename` calls it) and what is wrong. */
function settingError(prefix: string, error: z.ZodError, rename = (path: string) => path): SettingError {
  const issues = error.issues.map((issue) => ({
    setting: rename(issue.path.join('.') || '(config)'),
    message: issue.message,
  }));
  // A setting such as `DATABASE_POOL_MAX (or PG_POOL_MAX)` names two variables.
  const named = issues.flatMap((issue) => issue.setting.match(/\b[A-Z][A-Z0-9_]+\b/g) ?? [issue.setting]);
  return new SettingError(
    [...new Set(named)],
    `${prefix}: ${issues.map((issue) => `${issue.setting}: ${issue.message}`).join('; ')}`,
  );
}

/**
 * Validates a configuration and applies defaults. Throws {@link SettingError} naming each bad
 * setting, e.g. `Invalid filing server configuration: session: needs exactly one of secret and jwksUrl`.
 */
export function parseFilingServerConfig(config: unknown): ResolvedFilingServerConfig {
  const result = filingServerConfigSchema.safeParse(config);
  if (!result.success) throw settingError('Invalid filing server configuration', result.error);
  return result.data;
}

const ENV_NAMES: Record<string, string> = {
  baseUrl: 'MCP_BASE_URL',
  appUrl: 'APP_URL',
  'session.secret': 'SESSION_JWT_SECRET',
  'session.jwksUrl': 'SESSION_JWKS_URL',
  'session.issuer': 'SESSION_JWT_ISSUER',
  'session.audience': 'SESSION_JWT_AUDIENCE',
  'session.maxAgeSeconds': 'SESSION_JWT_MAX_AGE_SECONDS',
  session: 'SESSION_JWT_SECRET or SESSION_JWKS_URL',
  requireAuth: 'MCP_REQUIRE_AUTH',
  authCacheTtlMs: 'AUTH_CACHE_TTL_MS',
  allowedHosts: 'ALLOWED_HOSTS',
  allowedOrigins: 'ALLOWED_ORIGINS',
  refreshGraceSeconds: 'OAUTH_REFRESH_GRACE_SECONDS',
  requirePkce: 'OAUTH_REQUIRE_PKCE',
  'lifetimes.authorizationCode': 'OAUTH_CODE_TTL_SECONDS',
  'lifetimes.accessToken': 'OAUTH_ACCESS_TOKEN_TTL_SECONDS',
  'lifetimes.refreshToken': 'OAUTH_REFRESH_TOKEN_TTL_SECONDS',
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
  'packetBuilds.cacheMaxBytes': 'PACKET_CACHE_MAX_BYTES',
  'packetBuilds.concurrency': 'PACKET_BUILD_CONCURRENCY',
  'packetBuilds.queueDepth': 'PACKET_QUEUE_DEPTH',
  'packetBuilds.perUser': 'PACKET_BUILDS_PER_USER',
  'clientExpiry.unusedSeconds': 'OAUTH_UNUSED_CLIENT_TTL_SECONDS',
  'clientExpiry.idleSeconds': 'OAUTH_IDLE_CLIENT_TTL_SECONDS',
  toolsListTtlSeconds: 'MCP_TOOLS_LIST_TTL_SECONDS',
  packetLinkSecret: 'PACKET_LINK_SECRET',
  fax: 'TELNYX_API_KEY',
  'fax.apiKey': 'TELNYX_API_KEY',
  'fax.connectionId': 'TELNYX_FAX_CONNECTION_ID',
  'fax.fromNumber': 'FAX_FROM_NUMBER',
  'fax.publicKey': 'TELNYX_PUBLIC_KEY',
  'fax.apiBaseUrl': 'TELNYX_API_BASE_URL',
  payments: 'STRIPE_SECRET_KEY',
  'payments.billing': 'BILLING',
  'payments.secretKey': 'STRIPE_SECRET_KEY',
  'payments.webhookSecret': 'STRIPE_WEBHOOK_SECRET',
  'payments.tiers': 'BILLING_TIERS',
  'payments.extensionPrice': 'STRIPE_EXTENSION_PRICE',
  'payments.apiBaseUrl': 'STRIPE_API_BASE_URL',
};

/**
 * Reads the shared configuration from environment variables, so the Node, Vercel and Lambda
 * adapters agree (the variables and their defaults: `ENVIRONMENT_VARIABLES`, docs/configuration.md).
 * Validates the result and throws {@link SettingError} naming the environment variable at
 * fault. An adapter calls it once, from its settings module, with the environment it read.
 *
 * @example
 * ```ts
 * const server = createFilingServer({ db, config: configFromEnv(env) });
 * ```
 */
export function configFromEnv(env: Record<string, string | undefined>): FilingServerConfig {
  return checkedConfig(filingServerConfigSchema, env).given as FilingServerConfig;
}

/**
 * Schema of {@link FilingServerConfigDraft}: the configuration before the adapter completes it at
 * start (the Node adapter fills in the addresses from the port it listens on and, on the embedded
 * database, the development session secret). Everything that is set is checked as
 * {@link filingServerConfigSchema} checks it.
 */
const filingServerConfigDraftSchema = filingServerConfigSchema.extend({
  baseUrl: httpUrl('MCP base URL, e.g. https://api.example.com/mcp-server').optional(),
  appUrl: httpUrl('companion app URL').optional(),
  session: sessionSchema.refine((session) => session.secret === undefined || session.jwksUrl === undefined, {
    message: 'needs exactly one of secret and jwksUrl',
  }),
});

/**
 * {@link ResolvedFilingServerConfig} with the addresses and the session key still optional:
 * validated, URLs normalised, defaults applied.
 */
export type FilingServerConfigDraft = z.output<typeof filingServerConfigDraftSchema>;

/**
 * {@link configFromEnv} for an adapter that completes the configuration at start: `MCP_BASE_URL`,
 * `APP_URL` and the session key may be unset; every value that is set is validated, with its real
 * value (no stand-ins), and a bad one throws {@link SettingError} naming the variable. Answers
 * the validated configuration (URLs normalised, defaults applied).
 */
export function configDraftFromEnv(env: Record<string, string | undefined>): FilingServerConfigDraft {
  return checkedConfig(filingServerConfigDraftSchema, env).parsed as FilingServerConfigDraft;
}

function checkedConfig(schema: z.ZodType, env: Record<string, string | undefined>) {
  const config = rawConfigFromEnv(env);
  const result = schema.safeParse(config);
  if (!result.success) {
    throw settingError('Invalid environment', result.error, (path) => ENV_NAMES[path] ?? path);
  }
  return { given: config, parsed: result.data };
}
