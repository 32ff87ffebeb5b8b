// The one list of the environment variables filing-mcp reads. docs/configuration.md and
// .env.example are generated from it (`pnpm docs:config`), and a test of this package fails when
// either is stale or when source code reads a variable that is missing here.

/** A deployment target that reads environment variables. */
export type EnvironmentAdapter = 'node' | 'vercel' | 'lambda';

/** One environment variable: where it is read, its default and what it means. */
export interface EnvironmentVariable {
  /** The variable's name, e.g. `MCP_BASE_URL`. */
  readonly name: string;
  /** The default, as Markdown (`unset` when there is none). */
  readonly default: string;
  /** The adapters that read it: `all`, or the ones listed. */
  readonly adapters: 'all' | readonly EnvironmentAdapter[];
  /** What it does and which values it takes, as Markdown; links are relative to `docs/`. */
  readonly description: string;
  /** The section of the configuration page it is listed under. */
  readonly section: EnvironmentSection;
}

/** The sections of the configuration page, in their order. */
export const ENVIRONMENT_SECTIONS = [
  'Server and addresses',
  'Database',
  'Sessions and the companion app',
  'Authentication and OAuth',
  'Rate limits',
  'Operations (Node adapter)',
  'Telemetry',
  'Vercel and Lambda',
] as const;

/** A section of the configuration page. */
export type EnvironmentSection = (typeof ENVIRONMENT_SECTIONS)[number];

/**
 * Prefixes of standard variables read by a library rather than by this project's code: the
 * OpenTelemetry SDK reads every `OTEL_*` variable (documented by OpenTelemetry); the ones that
 * change what filing-mcp does are also listed in {@link ENVIRONMENT_VARIABLES}.
 */
export const STANDARD_ENVIRONMENT_PREFIXES: readonly string[] = ['OTEL_'];

/**
 * Every environment variable filing-mcp's packages and adapters read, with its default, the
 * adapters that read it and its meaning.
 */
export const ENVIRONMENT_VARIABLES: readonly EnvironmentVariable[] = [
  {
    name: 'HOST',
    default: '`127.0.0.1`',
    adapters: ['node'],
    section: 'Server and addresses',
    description: 'Interface to listen on. `0.0.0.0` for every interface (in a container, behind a proxy).',
  },
  {
    name: 'PORT',
    default: '`3000`',
    adapters: ['node'],
    section: 'Server and addresses',
    description: 'Port to listen on; `0` picks a free one (the start-up message shows which).',
  },
  {
    name: 'MCP_BASE_URL',
    default: '`http://localhost:$PORT/mcp-server`',
    adapters: 'all',
    section: 'Server and addresses',
    description:
      '`{base_url}`: the public address of the MCP endpoint, also the OAuth issuer and resource. Set it to the `https://` address clients use; it is never taken from the request. Required on Vercel and Lambda.',
  },
  {
    name: 'APP_URL',
    default: '`http://localhost:$PORT/app` with the companion pages',
    adapters: 'all',
    section: 'Server and addresses',
    description:
      '`{app_url}`: the companion app (consent page, filing pages, API keys). Required when the companion pages are off (always on Vercel and Lambda).',
  },
  {
    name: 'ALLOWED_HOSTS',
    default: 'loopback names at `$PORT` when `HOST` is loopback',
    adapters: 'all',
    section: 'Server and addresses',
    description:
      'Comma-separated `Host` values accepted (DNS-rebinding protection: every route answers 403 to another Host; OPTIONS preflights stay 200). An entry ending in `:*` accepts that name on any port. On a loopback `HOST` the default is `localhost`, `127.0.0.1` and `[::1]` on the listening port; the hosts of `MCP_BASE_URL` and `APP_URL` are always added (tunnels, a separate consent app).',
  },
  {
    name: 'ALLOWED_ORIGINS',
    default: 'any loopback origin when `HOST` is loopback',
    adapters: 'all',
    section: 'Server and addresses',
    description:
      'Comma-separated browser `Origin`s accepted (403 otherwise), e.g. `https://app.example`; `http://localhost:*` accepts any port. On a loopback `HOST` the default is any loopback origin on any port (MCP Inspector on :6274 works); the origins of `MCP_BASE_URL` and `APP_URL` are always added. Requests without `Origin` are not affected.',
  },
  {
    name: 'MCP_REQUIRE_AUTH',
    default: '`tools/call`',
    adapters: 'all',
    section: 'Server and addresses',
    description:
      '`tools/call` (the spec: `initialize`, `server/discover` and `tools/list` need no credential) or `all` (every MCP request without a credential answers 401, for clients that only start OAuth on a 401).',
  },
  {
    name: 'MCP_TOOLS_LIST_TTL_SECONDS',
    default: '`300` (5 minutes)',
    adapters: 'all',
    section: 'Server and addresses',
    description:
      'MCP 2026-07-28 wire: the caching hint of `tools/list` and `server/discover` (`ttlMs` = this × 1000, `cacheScope: "public"`, as the tools are the same for every user). An integer from `0` (stale at once) to `86400`. The 2025 revisions carry no caching hints.',
  },
  {
    name: 'DATABASE_URL',
    default: 'unset',
    adapters: 'all',
    section: 'Database',
    description:
      '`postgres://user:password@host:5432/db`: use PostgreSQL through `pg`. Unset on Node: embedded PGlite in `DATA_DIR`. Required on Lambda, and on Vercel unless `POSTGRES_URL` is set.',
  },
  {
    name: 'DATA_DIR',
    default: '`./.data`',
    adapters: ['node'],
    section: 'Database',
    description:
      'Embedded database directory (PGlite files in `pgdata/`, the development session secret in `session-secret`, mode 0600). One process at a time: `filing-mcp api-key ...` refuses while `serve` runs on it.',
  },
  {
    name: 'DATABASE_POOL_MAX',
    default: '`10` (Node), `3` (Vercel), `2` (Lambda)',
    adapters: 'all',
    section: 'Database',
    description:
      'Maximum connections of the `pg` pool per process or instance, on every adapter. `PG_POOL_MAX` is read when it is unset.',
  },
  {
    name: 'PG_POOL_MAX',
    default: '`10`',
    adapters: 'all',
    section: 'Database',
    description: 'The older name of `DATABASE_POOL_MAX` (still read; `DATABASE_POOL_MAX` wins).',
  },
  {
    name: 'DATABASE_CONNECT_TIMEOUT_MS',
    default: '`5000`',
    adapters: 'all',
    section: 'Database',
    description: 'How long opening one PostgreSQL connection may take.',
  },
  {
    name: 'DATABASE_ACQUIRE_TIMEOUT_MS',
    default: '`5000`',
    adapters: 'all',
    section: 'Database',
    description:
      'How long a request may wait for a connection of the pool (queueing and connecting included).',
  },
  {
    name: 'DATABASE_STATEMENT_TIMEOUT_MS',
    default: '`10000`',
    adapters: 'all',
    section: 'Database',
    description:
      'How long one query may wait for its answer. Enforced by the client (it also ends a wait on a frozen server, and passes through PgBouncer); the connection is then dropped. `filing-mcp migrate` and the other commands are exempt.',
  },
  {
    name: 'DATABASE_IDLE_TIMEOUT_MS',
    default: '`10000` (Node, Lambda), `5000` (Vercel)',
    adapters: 'all',
    section: 'Database',
    description: 'An idle connection is closed after this long.',
  },
  {
    name: 'SESSION_JWT_SECRET',
    default: 'generated on the embedded database',
    adapters: 'all',
    section: 'Sessions and the companion app',
    description:
      "HS256 secret `/approve` verifies the companion app's user session JWTs with (at least 32 characters). Without it and without `SESSION_JWKS_URL`, the embedded database gets a development secret generated once into `DATA_DIR/session-secret`; with `DATABASE_URL`, `serve` refuses to start. `filing-mcp session-token` signs with it.",
  },
  {
    name: 'SESSION_JWKS_URL',
    default: 'unset',
    adapters: 'all',
    section: 'Sessions and the companion app',
    description:
      "Instead of the secret: JWKS URL of the companion app's (or identity provider's) asymmetric session keys.",
  },
  {
    name: 'SESSION_JWT_ISSUER',
    default: 'unset',
    adapters: 'all',
    section: 'Sessions and the companion app',
    description: 'Expected `iss` of session JWTs, checked when set.',
  },
  {
    name: 'SESSION_JWT_AUDIENCE',
    default: 'unset',
    adapters: 'all',
    section: 'Sessions and the companion app',
    description: 'Expected `aud` of session JWTs, checked when set.',
  },
  {
    name: 'SESSION_JWT_MAX_AGE_SECONDS',
    default: '`86400`',
    adapters: 'all',
    section: 'Sessions and the companion app',
    description:
      'Longest a session JWT is honoured at `/approve`: one issued longer ago, whose `exp - iat` is longer, or without `iat` (its age cannot be told) answers 401, whatever its `exp`. Its `sub` must be 1-255 characters without control characters. `filing-mcp session-token --expires-in` longer than this signs tokens `/approve` refuses.',
  },
  {
    name: 'PACKET_LINK_SECRET',
    default: 'derived from `SESSION_JWT_SECRET`',
    adapters: 'all',
    section: 'Sessions and the companion app',
    description:
      'Key material (at least 32 characters, the same on every instance) of the signed packet links `get_pdf_url` answers as `download_url` (HMAC-SHA-256 through WebCrypto, the key derived with HKDF so it never equals the session secret). Unset: derived from `SESSION_JWT_SECRET`; with `SESSION_JWKS_URL` and no secret, a random key per process (a link then works only on the instance that made it).',
  },
  {
    name: 'COMPANION_SIGN_IN',
    default: '`off`',
    adapters: ['node'],
    section: 'Sessions and the companion app',
    description:
      '`link`: the companion pages need the one-time sign-in link printed at start (a session cookie, 12 hours, in memory); required when `HOST` is not loopback. `off`: no sign-in, allowed on a loopback `HOST` only.',
  },
  {
    name: 'COMPANION',
    default: '`auto` (Vercel, Lambda: `off`)',
    adapters: 'all',
    section: 'Sessions and the companion app',
    description:
      "`on` / `off` / `auto`: serve the built-in [companion pages](companion.md) under `/app`. `auto` serves them only on the embedded database when `APP_URL` is unset; never on `DATABASE_URL` unless `on`. On Vercel and Lambda only `on` mounts them, under `APP_URL`'s path, always behind the sign-in link (see [deploy-vercel.md](deploy-vercel.md#the-companion-pages)).",
  },
  {
    name: 'LOCAL_USER_ID',
    default: '`local-user`',
    adapters: 'all',
    section: 'Sessions and the companion app',
    description: 'The one user the built-in companion pages sign in.',
  },
  {
    name: 'AUTH_CACHE_TTL_MS',
    default: '`5000`',
    adapters: 'all',
    section: 'Authentication and OAuth',
    description:
      'How long a verified credential is trusted without a database look-up. A credential ended through the same process stops at once, one ended elsewhere at once on Node with PostgreSQL and within this TTL otherwise (see [revocation](oauth.md#how-fast-revocation-takes-effect)). `0` disables.',
  },
  {
    name: 'REVOCATION_LISTEN_URL',
    default: '`DATABASE_URL`',
    adapters: ['node'],
    section: 'Authentication and OAuth',
    description:
      'On PostgreSQL: the connection that `LISTEN`s for credentials ended by other processes (the CLI included). Point it at the database directly when `DATABASE_URL` goes through a pooler in transaction mode; `off` disables it (the TTL bound then applies).',
  },
  {
    name: 'OAUTH_REFRESH_GRACE_SECONDS',
    default: '`0`',
    adapters: 'all',
    section: 'Authentication and OAuth',
    description:
      'Seconds during which an already-rotated refresh token may be presented again and gets a new pair instead of revoking its grant, for clients that refresh twice in parallel. `0` is off: every reuse of a rotated refresh token revokes the whole grant.',
  },
  {
    name: 'OAUTH_REQUIRE_PKCE',
    default: '`true`',
    adapters: 'all',
    section: 'Authentication and OAuth',
    description:
      '`true` / `false`: whether every client, confidential ones included, must send a `code_challenge` (OAuth 2.1). `false` lets a client skip it, which costs the protection PKCE gives: a stolen or injected authorization code (a leaked redirect, a malicious app on the same custom scheme) can then be redeemed, by anyone for a public client. Only for clients that cannot do PKCE; a challenge that is sent is always checked.',
  },
  {
    name: 'OAUTH_CODE_TTL_SECONDS',
    default: '`300`',
    adapters: 'all',
    section: 'Authentication and OAuth',
    description: 'Lifetime of an authorization code, in seconds (a positive integer).',
  },
  {
    name: 'OAUTH_ACCESS_TOKEN_TTL_SECONDS',
    default: '`3600`',
    adapters: 'all',
    section: 'Authentication and OAuth',
    description: 'Lifetime of an access token (`expires_in`), in seconds (a positive integer).',
  },
  {
    name: 'OAUTH_REFRESH_TOKEN_TTL_SECONDS',
    default: '`2592000` (30 days)',
    adapters: 'all',
    section: 'Authentication and OAuth',
    description:
      'Lifetime of a refresh token, in seconds (a positive integer); each rotation issues a new one with the full lifetime.',
  },
  {
    name: 'OAUTH_UNUSED_CLIENT_TTL_SECONDS',
    default: '`86400` (24 h)',
    adapters: 'all',
    section: 'Authentication and OAuth',
    description:
      'A registered client that never obtained a token is deleted by the OAuth cleanup this long after its registration.',
  },
  {
    name: 'OAUTH_IDLE_CLIENT_TTL_SECONDS',
    default: '`7776000` (90 days)',
    adapters: 'all',
    section: 'Authentication and OAuth',
    description:
      'A client with no live grant is deleted by the OAuth cleanup this long after its last grant ended (its tokens and codes with it); clients re-register on `invalid_client`.',
  },
  {
    name: 'CIMD_ALLOW_LOOPBACK',
    default: '`0`',
    adapters: 'all',
    section: 'Authentication and OAuth',
    description:
      'Development only: `1` lets Client ID Metadata Documents come from loopback addresses (127.0.0.0/8, `::1`), over https or plain `http://127.0.0.1:PORT/...`, so a local test server can serve them. Every other private or special address stays refused. Refused at start when `DATABASE_URL` is set, unless `CIMD_ALLOW_LOOPBACK_WITH_DATABASE=1` confirms it. See [Client ID Metadata Documents](oauth.md#client-id-metadata-documents).',
  },
  {
    name: 'CIMD_ALLOW_LOOPBACK_WITH_DATABASE',
    default: '`0`',
    adapters: 'all',
    section: 'Authentication and OAuth',
    description:
      '`1` confirms `CIMD_ALLOW_LOOPBACK=1` together with `DATABASE_URL` (a development PostgreSQL). Without it that combination stops the server at start (exit code 1; on Vercel and Lambda the instance fails to start).',
  },
  {
    name: 'RATE_LIMITS',
    default: '`on`',
    adapters: 'all',
    section: 'Rate limits',
    description:
      '`off` turns every rate limit off (trusted deployments, load tests). Limits are counted per one-minute window in PostgreSQL (`rate_limit_counters`), so every process and instance shares them; over a limit: 429 with `Retry-After`.',
  },
  {
    name: 'RATE_LIMIT_REGISTER_PER_MINUTE',
    default: '`60`',
    adapters: 'all',
    section: 'Rate limits',
    description:
      '`/register` requests per client address per minute (the socket address on Node, the source IP on Lambda, `X-Real-IP` on Vercel; no limit when the adapter knows no address).',
  },
  {
    name: 'RATE_LIMIT_TOKEN_PER_MINUTE',
    default: '`300`',
    adapters: 'all',
    section: 'Rate limits',
    description: '`/token` requests per client address per minute.',
  },
  {
    name: 'RATE_LIMIT_AUTHORIZE_PER_MINUTE',
    default: '`300`',
    adapters: 'all',
    section: 'Rate limits',
    description: '`/authorize` requests per client address per minute.',
  },
  {
    name: 'RATE_LIMIT_APPROVE_PER_MINUTE',
    default: '`300`',
    adapters: 'all',
    section: 'Rate limits',
    description:
      '`/approve` requests per client address per minute (answered `{ "code": 429, "message": "Too many requests" }`).',
  },
  {
    name: 'RATE_LIMIT_REVOKE_PER_MINUTE',
    default: '`300`',
    adapters: 'all',
    section: 'Rate limits',
    description: '`/revoke` requests per client address per minute.',
  },
  {
    name: 'RATE_LIMIT_TOOLS_CALL_PER_MINUTE',
    default: '`1200`',
    adapters: 'all',
    section: 'Rate limits',
    description:
      'Authenticated `tools/call` requests per credential (API key or access token) per minute: HTTP 429 with `Retry-After` and JSON-RPC error `-32004`. Counted in process and written in the background while below half the limit (no extra query per call), exactly past it; several instances may together admit up to half a limit more.',
  },
  {
    name: 'LOG_LEVEL',
    default: '`info`',
    adapters: ['node'],
    section: 'Operations (Node adapter)',
    description:
      '`debug`, `info`, `warn`, `error` or `silent`. One line per request at `info`. Client disconnects are logged at `debug`; every string value of a log line is cut to 200 characters, without control characters. At `debug` the CLI also prints the stack of an error it stops on.',
  },
  {
    name: 'LOG_FORMAT',
    default: '`json`',
    adapters: ['node'],
    section: 'Operations (Node adapter)',
    description:
      '`json` (one object per line on stdout: `method`, `path` without query, `status`, `duration_ms`, `request_id`, `user_id`, `credential_prefix`) or `text`. Never a token, code, secret or query string.',
  },
  {
    name: 'SHUTDOWN_TIMEOUT_MS',
    default: '`10000`',
    adapters: ['node'],
    section: 'Operations (Node adapter)',
    description:
      'On SIGTERM/SIGINT: how long in-flight requests may take to finish before connections are cut.',
  },
  {
    name: 'OAUTH_CLEANUP_INTERVAL_MS',
    default: '`300000`',
    adapters: ['node'],
    section: 'Operations (Node adapter)',
    description:
      'How often expired authorization codes and tokens, abandoned clients (see `OAUTH_UNUSED_CLIENT_TTL_SECONDS`) and past rate-limit counters are deleted; `0` disables.',
  },
  {
    name: 'READINESS_TIMEOUT_MS',
    default: '`2000`',
    adapters: ['node'],
    section: 'Operations (Node adapter)',
    description:
      'How long `GET /readyz` waits for the database before answering 503 `database_timeout` (1 to 60000).',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: 'unset',
    adapters: ['node'],
    section: 'Telemetry',
    description:
      'Turns on OpenTelemetry traces and metrics, exported over OTLP to this collector (e.g. `http://otel-collector:4318`). `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, `OTEL_EXPORTER_OTLP_METRICS_ENDPOINT`, `OTEL_TRACES_EXPORTER` or `OTEL_METRICS_EXPORTER` do too. Unset: the SDK is not even loaded. See [Telemetry](telemetry.md).',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_PROTOCOL',
    default: '`http/protobuf`',
    adapters: ['node'],
    section: 'Telemetry',
    description: '`http/protobuf`, `http/json` or `grpc`.',
  },
  {
    name: 'OTEL_SERVICE_NAME',
    default: '`filing-mcp`',
    adapters: ['node'],
    section: 'Telemetry',
    description:
      'The service name of the exported telemetry. The other standard `OTEL_*` variables (`OTEL_RESOURCE_ATTRIBUTES`, `OTEL_TRACES_SAMPLER`, `OTEL_METRIC_EXPORT_INTERVAL`, `OTEL_NODE_RESOURCE_DETECTORS`, default `env,host,os,serviceinstance`; `OTEL_SDK_DISABLED=true` turns the SDK off) work as documented by OpenTelemetry.',
  },
  {
    name: 'MIGRATE_ON_START',
    default: '`false`',
    adapters: ['vercel', 'lambda'],
    section: 'Vercel and Lambda',
    description:
      '`true` runs the migrations when an instance starts (Lambda: on the first invocation of each container). Otherwise run `pnpm filing-mcp migrate` with the same `DATABASE_URL`.',
  },
  {
    name: 'POSTGRES_URL',
    default: 'unset',
    adapters: ['vercel'],
    section: 'Vercel and Lambda',
    description:
      "The PostgreSQL connection string when `DATABASE_URL` is unset (the variable Vercel's Postgres integrations set).",
  },
  {
    name: 'CRON_SECRET',
    default: 'unset (required on Vercel)',
    adapters: ['vercel'],
    section: 'Vercel and Lambda',
    description:
      'The secret Vercel Cron sends as `Authorization: Bearer ...` to the OAuth cleanup function, compared in constant time; 16 or more random characters. While unset the cleanup answers 500.',
  },
  {
    name: 'LAMBDA_STRIP_STAGE',
    default: '`false`',
    adapters: ['lambda'],
    section: 'Vercel and Lambda',
    description:
      '`true` removes a named HTTP API stage (`/prod`) from the path before the core sees it. Leave it off when `MCP_BASE_URL` includes the stage (the `execute-api` address does).',
  },
  {
    name: 'LAMBDA_BASE_PATH',
    default: 'unset',
    adapters: ['lambda'],
    section: 'Vercel and Lambda',
    description:
      "A path prefix removed before the core sees the request (e.g. an API mapping key the core's base path does not include).",
  },
];
