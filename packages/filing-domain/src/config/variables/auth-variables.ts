// The variables of sessions, the companion app, authentication, OAuth and rate limits.
import { code, type EnvironmentVariable } from '../environment-variable.js';
import { DEFAULT_CLIENT_EXPIRY } from '../../auth/abandoned-clients.js';
import { DEFAULT_RATE_LIMITS } from '../../rate-limits/rate-limit-scopes.js';
import { CONFIG_DEFAULTS } from '../defaults.js';

/** The variables of the configuration page's section "Sessions and the companion app". */
export const SESSION_VARIABLES: readonly EnvironmentVariable[] = [
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
    default: code(CONFIG_DEFAULTS.sessionMaxAgeSeconds),
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
      "`link`: the companion pages need the one-time sign-in link printed at start (a session cookie, 12 hours, in memory). `session`: they need a sign-in with a session JWT at `{APP_URL}/sign-in` (checked as `/approve` checks one; a stateless cookie, at most 12 hours and never past the JWT's `exp`), and act for its `sub`. One of the two is required when `HOST` is not loopback. `off`: no sign-in, allowed on a loopback `HOST` only. Vercel and Lambda always use `session`.",
  },
  {
    name: 'COMPANION',
    default: `\`auto\` (Vercel, Lambda: \`off\`)`,
    adapters: 'all',
    section: 'Sessions and the companion app',
    description:
      "`on` / `off` / `auto`: serve the built-in [companion pages](companion.md) under `/app`. `auto` serves them only on the embedded database when `APP_URL` is unset; never on `DATABASE_URL` unless `on`. On Vercel and Lambda only `on` mounts them, under `APP_URL`'s path, always behind a sign-in with a session JWT (see [deploy-vercel.md](deploy-vercel.md#the-companion-pages)).",
  },
  {
    name: 'LOCAL_USER_ID',
    default: '`local-user`',
    adapters: 'all',
    section: 'Sessions and the companion app',
    description: 'The one user the built-in companion pages sign in.',
  },
];

/** The variables of the configuration page's section "Authentication and OAuth". */
export const AUTH_VARIABLES: readonly EnvironmentVariable[] = [
  {
    name: 'AUTH_CACHE_TTL_MS',
    default: code(CONFIG_DEFAULTS.authCacheTtlMs),
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
    default: code(CONFIG_DEFAULTS.refreshGraceSeconds),
    adapters: 'all',
    section: 'Authentication and OAuth',
    description:
      'Seconds during which an already-rotated refresh token may be presented again and gets a new pair instead of revoking its grant, for clients that refresh twice in parallel. `0` is off: every reuse of a rotated refresh token revokes the whole grant.',
  },
  {
    name: 'OAUTH_REQUIRE_PKCE',
    default: code(CONFIG_DEFAULTS.requirePkce),
    adapters: 'all',
    section: 'Authentication and OAuth',
    description:
      '`true` / `false`: whether every client, confidential ones included, must send a `code_challenge` (OAuth 2.1). `false` lets a client skip it, which costs the protection PKCE gives: a stolen or injected authorization code (a leaked redirect, a malicious app on the same custom scheme) can then be redeemed, by anyone for a public client. Only for clients that cannot do PKCE; a challenge that is sent is always checked.',
  },
  {
    name: 'OAUTH_CODE_TTL_SECONDS',
    default: code(CONFIG_DEFAULTS.lifetimes.authorizationCode),
    adapters: 'all',
    section: 'Authentication and OAuth',
    description: 'Lifetime of an authorization code, in seconds (a positive integer).',
  },
  {
    name: 'OAUTH_ACCESS_TOKEN_TTL_SECONDS',
    default: code(CONFIG_DEFAULTS.lifetimes.accessToken),
    adapters: 'all',
    section: 'Authentication and OAuth',
    description: 'Lifetime of an access token (`expires_in`), in seconds (a positive integer).',
  },
  {
    name: 'OAUTH_REFRESH_TOKEN_TTL_SECONDS',
    default: `${code(CONFIG_DEFAULTS.lifetimes.refreshToken)} (30 days)`,
    adapters: 'all',
    section: 'Authentication and OAuth',
    description:
      'Lifetime of a refresh token, in seconds (a positive integer); each rotation issues a new one with the full lifetime.',
  },
  {
    name: 'OAUTH_UNUSED_CLIENT_TTL_SECONDS',
    default: `${code(DEFAULT_CLIENT_EXPIRY.unusedSeconds)} (24 h)`,
    adapters: 'all',
    section: 'Authentication and OAuth',
    description:
      'A registered client that never obtained a token is deleted by the OAuth cleanup this long after its registration.',
  },
  {
    name: 'OAUTH_IDLE_CLIENT_TTL_SECONDS',
    default: `${code(DEFAULT_CLIENT_EXPIRY.idleSeconds)} (90 days)`,
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
];

/** The variables of the configuration page's section "Rate limits". */
export const RATE_LIMIT_VARIABLES: readonly EnvironmentVariable[] = [
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
    default: code(DEFAULT_RATE_LIMITS.register),
    adapters: 'all',
    section: 'Rate limits',
    description:
      '`/register` requests per client address per minute (the socket address on Node, the source IP on Lambda, `X-Real-IP` on Vercel; no limit when the adapter knows no address).',
  },
  {
    name: 'RATE_LIMIT_TOKEN_PER_MINUTE',
    default: code(DEFAULT_RATE_LIMITS.token),
    adapters: 'all',
    section: 'Rate limits',
    description:
      '`/token` requests per client address per minute. Failed attempts of one client are limited first (`RATE_LIMIT_TOKEN_CLIENT_FAILURES_PER_MINUTE`), and a request refused by that limit does not count here, so a client under attack does not lock its neighbours at the same address out.',
  },
  {
    name: 'RATE_LIMIT_TOKEN_CLIENT_FAILURES_PER_MINUTE',
    default: code(DEFAULT_RATE_LIMITS.tokenClientFailures),
    adapters: 'all',
    section: 'Rate limits',
    description:
      'Failed `/token` attempts (any 4xx answer) per client (`client_id` of the body or of HTTP Basic credentials) and client address per minute; past it that client is answered 429 with `Retry-After` at that address before anything else is read, while other clients at the address go on.',
  },
  {
    name: 'RATE_LIMIT_AUTHORIZE_PER_MINUTE',
    default: code(DEFAULT_RATE_LIMITS.authorize),
    adapters: 'all',
    section: 'Rate limits',
    description: '`/authorize` requests per client address per minute.',
  },
  {
    name: 'RATE_LIMIT_APPROVE_PER_MINUTE',
    default: code(DEFAULT_RATE_LIMITS.approve),
    adapters: 'all',
    section: 'Rate limits',
    description:
      '`/approve` requests per client address per minute (answered `{ "code": 429, "message": "Too many requests" }`).',
  },
  {
    name: 'RATE_LIMIT_REVOKE_PER_MINUTE',
    default: code(DEFAULT_RATE_LIMITS.revoke),
    adapters: 'all',
    section: 'Rate limits',
    description: '`/revoke` requests per client address per minute.',
  },
  {
    name: 'RATE_LIMIT_TOOLS_CALL_PER_MINUTE',
    default: code(DEFAULT_RATE_LIMITS.toolsCall),
    adapters: 'all',
    section: 'Rate limits',
    description:
      'Authenticated `tools/call` requests per credential (API key or access token) per minute: HTTP 429 with `Retry-After` and JSON-RPC error `-32004`. Counted in process and written in the background while below half the limit (no extra query per call), exactly past it; several instances may together admit up to half a limit more.',
  },
  {
    name: 'RATE_LIMIT_PACKET_DOWNLOAD_PER_MINUTE',
    default: code(DEFAULT_RATE_LIMITS.packetDownload),
    adapters: 'all',
    section: 'Rate limits',
    description:
      'Requests to the signed packet links (`{base_url}/packets/...`) per client address per minute, counted before the link is checked: 429 with `Retry-After`.',
  },
  {
    name: 'RATE_LIMIT_PACKET_LINK_PER_MINUTE',
    default: code(DEFAULT_RATE_LIMITS.packetLink),
    adapters: 'all',
    section: 'Rate limits',
    description:
      'Downloads of one signed packet link per minute, from any address: 429 with `Retry-After`. A link shared widely cannot be fetched more often than this.',
  },
];
