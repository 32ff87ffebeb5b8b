import { parseFilingServerConfig } from '../config/config.js';
import {
  createFilingServerWithConfig,
  type FilingServer,
  type FilingServerOptions,
} from './filing-server.js';

/**
 * Builds the whole filing-mcp service over one database: the filing tools on the MCP endpoint at
 * `config.baseUrl`, the OAuth 2.1 authorization server and its well-known documents, CORS on every
 * answer, and authentication of API keys (`nf_...`) and OAuth access tokens (`mcp_at_...`).
 * When `config.allowedHosts` / `allowedOrigins` are set, every route but `OPTIONS` answers 403 to
 * a Host or Origin they do not list (the MCP endpoint with a JSON-RPC error, the others with
 * `{ code: 403, message }`); a preflight stays 200, since the request it announces is refused.
 * The configuration is validated here; the tools' validators and everything that needs the database
 * (authentication, OAuth, limits, readiness) are built by the first request that needs them.
 *
 * @example
 * ```ts
 * await migrateToLatest(db);
 * const server = createFilingServer({ db, config: configFromEnv(env) });
 * const response = await server.fetch(new Request('https://api.example.com/mcp-server', init));
 * ```
 */
export function createFilingServer(options: FilingServerOptions): FilingServer {
  return createFilingServerWithConfig(options, parseFilingServerConfig(options.config));
}
