// The variables of the server itself and of its database.
import { code, type EnvironmentVariable } from '../environment-variable.js';
import { CONFIG_DEFAULTS, DATABASE_DEFAULTS, PLATFORM_POOL_DEFAULTS } from '../defaults.js';

/** The variables of the configuration page's section "Server and addresses". */
export const SERVER_VARIABLES: readonly EnvironmentVariable[] = [
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
    default: code(CONFIG_DEFAULTS.requireAuth),
    adapters: 'all',
    section: 'Server and addresses',
    description:
      '`tools/call` (the spec: `initialize`, `server/discover` and `tools/list` need no credential) or `all` (every MCP request without a credential answers 401, for clients that only start OAuth on a 401).',
  },
  {
    name: 'MCP_TOOLS_LIST_TTL_SECONDS',
    default: `${code(CONFIG_DEFAULTS.toolsListTtlSeconds)} (5 minutes)`,
    adapters: 'all',
    section: 'Server and addresses',
    description:
      'MCP 2026-07-28 wire: the caching hint of `tools/list` and `server/discover` (`ttlMs` = this × 1000, `cacheScope: "public"`, as the tools are the same for every user). An integer from `0` (stale at once) to `86400`. The 2025 revisions carry no caching hints.',
  },
];

/** The variables of the configuration page's section "Database". */
export const DATABASE_VARIABLES: readonly EnvironmentVariable[] = [
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
    default: `${code(PLATFORM_POOL_DEFAULTS.node.poolMax)} (Node), ${code(PLATFORM_POOL_DEFAULTS.vercel.poolMax)} (Vercel), ${code(PLATFORM_POOL_DEFAULTS.lambda.poolMax)} (Lambda)`,
    adapters: 'all',
    section: 'Database',
    description:
      'Maximum connections of the `pg` pool per process or instance, on every adapter. `PG_POOL_MAX` is read when it is unset.',
  },
  {
    name: 'PG_POOL_MAX',
    default: code(PLATFORM_POOL_DEFAULTS.node.poolMax),
    adapters: 'all',
    section: 'Database',
    description: 'The older name of `DATABASE_POOL_MAX` (still read; `DATABASE_POOL_MAX` wins).',
  },
  {
    name: 'DATABASE_CONNECT_TIMEOUT_MS',
    default: code(DATABASE_DEFAULTS.connectTimeoutMs),
    adapters: 'all',
    section: 'Database',
    description: 'How long opening one PostgreSQL connection may take.',
  },
  {
    name: 'DATABASE_ACQUIRE_TIMEOUT_MS',
    default: code(DATABASE_DEFAULTS.acquireTimeoutMs),
    adapters: 'all',
    section: 'Database',
    description:
      'How long a request may wait for a connection of the pool (queueing and connecting included).',
  },
  {
    name: 'DATABASE_STATEMENT_TIMEOUT_MS',
    default: code(DATABASE_DEFAULTS.statementTimeoutMs),
    adapters: 'all',
    section: 'Database',
    description:
      'How long one query may wait for its answer. Enforced by the client (it also ends a wait on a frozen server, and passes through PgBouncer); the connection is then dropped. `filing-mcp migrate` and the other commands are exempt.',
  },
  {
    name: 'DATABASE_IDLE_TIMEOUT_MS',
    default: `${code(PLATFORM_POOL_DEFAULTS.node.idleTimeoutMs)} (Node, Lambda), ${code(PLATFORM_POOL_DEFAULTS.vercel.idleTimeoutMs)} (Vercel)`,
    adapters: 'all',
    section: 'Database',
    description: 'An idle connection is closed after this long.',
  },
  {
    name: 'DATABASE_NAMED_STATEMENTS',
    default: `${code(PLATFORM_POOL_DEFAULTS.node.namedStatements)} (Node), ${code(PLATFORM_POOL_DEFAULTS.vercel.namedStatements)} (Vercel, Lambda)`,
    adapters: 'all',
    section: 'Database',
    description:
      '`true` / `false`: send the creates to PostgreSQL as named (protocol-level) prepared statements, parsed and planned once per connection (about 13 us of its CPU a create). Behind a pooler that loses them (PgBouncer before 1.21 in transaction mode) the server notices at the first call and sends plain statements from then on; PgBouncer 1.21 and later keep them. RDS Proxy pins the session of a connection that prepares one: set `false` there.',
  },
];
