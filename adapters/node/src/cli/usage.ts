const ENVIRONMENT_NOTE = `Configuration comes from environment variables (docs/configuration.md). Without
DATABASE_URL the embedded database (PGlite) lives in DATA_DIR (default ./.data).`;

/** Help text of each command, keyed by its name as typed. */
export const USAGE: Record<string, string> = {
  '': `Usage: filing-mcp <command> [options]

filing-mcp: a remote MCP tool server for US tax filings of foreign-owned LLCs,
with its own OAuth 2.1 authorization server.

Commands:
  serve                        Start the HTTP server (what \`pnpm start\` runs)
  migrate                      Bring the database schema up to date
  api-key create --user <id>   Create an API key; prints the key alone on stdout
  api-key list --user <id>     List a user's API keys (never the keys themselves)
  api-key revoke <id>          Delete an API key
  session-token --user <id>    Sign a session JWT for trying /approve by hand

Options:
  -h, --help                   Show help; every command has its own --help
  -v, --version                Show the version

${ENVIRONMENT_NOTE}
`,
  serve: `Usage: filing-mcp serve

Starts the HTTP server: the MCP endpoint at MCP_BASE_URL (default
http://localhost:$PORT/mcp-server) and the OAuth endpoints beside it. Runs the
migrations first. Stops gracefully on SIGTERM or SIGINT (Ctrl-C).

Main settings (environment):
  HOST           interface to listen on (default 127.0.0.1)
  PORT           port (default 3000; 0 picks a free one)
  MCP_BASE_URL   public address of the MCP endpoint
  DATABASE_URL   postgres://... (default: embedded PGlite in DATA_DIR)
  DATA_DIR       embedded database directory (default ./.data)
  APP_URL        companion app; unset on the embedded database, the server
                 serves its own companion pages at /app (COMPANION=on|off)
  COMPANION_SIGN_IN
                 link: the pages need the one-time sign-in link printed at
                 start; session: a sign-in with a session JWT at
                 {APP_URL}/sign-in (one of them when HOST is not loopback)
  SESSION_JWT_SECRET or SESSION_JWKS_URL
                 how /approve verifies session JWTs (required with DATABASE_URL)

Options:
  -h, --help     Show this help
`,
  migrate: `Usage: filing-mcp migrate

Brings the database (DATABASE_URL, or the embedded one in DATA_DIR) to the latest
schema. \`serve\` does this at start too; run it alone before a deployment.

Options:
  -h, --help     Show this help
`,
  'api-key': `Usage: filing-mcp api-key <create|list|revoke> [options]

Commands:
  create --user <id> [--expires-in <duration|never>] [--name <name>] [--scope <scopes>]
  list --user <id> [--json]
  revoke <id> [--user <id>]

Run \`filing-mcp api-key <command> --help\` for details.
`,
  'api-key create': `Usage: filing-mcp api-key create --user <id> [--expires-in <duration|never>] [--name <name>] [--scope <scopes>]

Creates an API key for a user and prints it, alone, on stdout; everything else
goes to stderr, so \`KEY=$(filing-mcp api-key create --user me)\` works. Only its
SHA-256 is stored: the key cannot be shown again.

Options:
  --user <id>              the user the key acts for (required)
  --expires-in <duration>  lifetime: 30d, 12h, 90m or 3600s, or never (default: 90d,
                           as on the API keys page)
  --name <name>            a label to tell keys apart
  --scope <scopes>         what the key may do: mcp (everything, the default),
                           filings:read (list and read) or filings:write (create,
                           update, delete); several separated by spaces or commas
  -h, --help               Show this help
`,
  'api-key list': `Usage: filing-mcp api-key list --user <id> [--json]

Lists a user's API keys, newest first: id, prefix, name, created, last used and
expiry. Never the key or its hash.

Options:
  --user <id>    the user whose keys to list (required)
  --json         print a JSON array instead of a table
  -h, --help     Show this help
`,
  'api-key revoke': `Usage: filing-mcp api-key revoke <id> [--user <id>]

Deletes an API key by its id (see \`api-key list\`). A running server stops
accepting it within AUTH_CACHE_TTL_MS (default 5 seconds).

Options:
  --user <id>    only revoke when the key belongs to this user
  -h, --help     Show this help
`,
  'session-token': `Usage: filing-mcp session-token --user <id> [--expires-in <duration>]

Signs a user session JWT (HS256 with SESSION_JWT_SECRET, or the development
secret of the embedded database) and prints it on stdout, to call /approve by
hand as a companion app would:

  curl -X POST http://localhost:3000/mcp-server/approve \\
    -H "Authorization: Bearer $(filing-mcp session-token --user me)" \\
    -H 'content-type: application/json' -d '{"client_id": "...", ...}'

Options:
  --user <id>              the user to sign in (the JWT's sub; required)
  --expires-in <duration>  lifetime: 30d, 12h, 90m or 3600s (default 1h)
  -h, --help               Show this help
`,
};

/** The help text of a command, read as USAGE's own entry (never a name Object.prototype answers). */
export function usageOf(command: string): string {
  if (!Object.hasOwn(USAGE, command)) throw new Error(`no usage text for '${command}'`);
  return USAGE[command]!;
}
