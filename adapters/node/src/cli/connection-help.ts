import { describeDatabaseUrl } from '../settings.js';
import type { StartedServer } from '../start-server.js';

/**
 * What `serve` prints once it listens: where the MCP endpoint is, which database it runs on, and
 * how to connect the common clients. For people, so it goes to stderr; no secret but the one-time
 * sign-in link of the companion pages (`COMPANION_SIGN_IN=link`), which is meant for this person.
 */
export function connectionHelp(server: StartedServer): string {
  const { settings } = server;
  const database =
    server.database === 'postgres' && settings.databaseUrl
      ? describeDatabaseUrl(settings.databaseUrl)
      : `embedded PGlite in ${settings.dataDir}`;
  const lines = [
    '',
    `filing-mcp listening on ${server.origin}`,
    `  MCP endpoint:   ${server.url}`,
    `  Database:       ${database}`,
    server.companion
      ? `  Companion app:  ${server.appUrl}  (consent page, filings, API keys; signed in as ${settings.localUserId})`
      : `  Companion app:  ${server.appUrl}`,
  ];
  if (server.signInUrl) {
    lines.push(
      `  Sign in:        ${server.signInUrl}`,
      '                  (one-time link: it signs in one browser, then stops working; keep it private)',
    );
  }
  if (server.developmentSecret) {
    lines.push(
      `  Session secret: development secret ${server.developmentSecret.created ? 'generated in' : 'from'} ${server.developmentSecret.path}`,
    );
  }
  return [...lines, ...connectLines(server)].join('\n');
}

/**
 * How to connect, with the way to an API key that works now: the companion page; on PostgreSQL
 * the CLI at any time; on the embedded database the CLI only once this server has stopped (it
 * holds the data directory: `api-key create` is refused while it runs).
 */
function connectLines(server: Pick<StartedServer, 'companion' | 'appUrl' | 'database' | 'url'>): string[] {
  const apiKeyHint = server.companion
    ? `create one on ${server.appUrl}/api-keys`
    : server.database === 'postgres'
      ? 'create one with: pnpm filing-mcp api-key create --user <user-id>'
      : 'stop this server, then: pnpm filing-mcp api-key create --user <user-id> (the embedded database takes one process at a time)';
  return [
    '',
    'Connect a client:',
    `  MCP Inspector:  npx @modelcontextprotocol/inspector, then Transport "Streamable HTTP", URL ${server.url}`,
    `  Claude Code:    claude mcp add --transport http filing-mcp ${server.url}`,
    '                  (signs in through OAuth; run /mcp in Claude Code to authenticate)',
    `  With an API key: add the header "Authorization: Bearer <key>"; ${apiKeyHint}`,
    `                  claude mcp add --transport http filing-mcp ${server.url} --header "Authorization: Bearer <key>"`,
    '',
    'Stop with Ctrl-C (in-flight requests finish first).',
    '',
  ];
}
