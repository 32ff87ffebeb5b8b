import { errorReporter } from './error-report.js';
import type { FetchApp } from './fetch-app.js';
import { lazyOnce, withoutTrailingSlash } from '@filing-mcp/protocol/internal';
import type { OAuthCleanupTarget } from './oauth-cleanup.js';
import { createServerlessFilingServer, type ServerlessFilingServer } from './serverless-filing-server.js';
import type { ServerlessPlatform } from './serverless-platform.js';
import type { ServerlessSettings } from './serverless-settings.js';
import { createShippedPacketBuilder } from './shipped-packet-builder.js';

/** What one serverless instance runs: a server built once from the environment, and its uses. */
export interface ServerlessBootstrap {
  /**
   * The filing server, built from the settings on the first call and the same on every later
   * one; a failed start (a bad setting, the database down) is retried by the next call.
   */
  server(): Promise<ServerlessFilingServer>;
  /** Serves each request through that server: what the platform's handler wraps. */
  app: FetchApp;
  /** The OAuth cleanup's target: the same server, started by the first run if need be. */
  cleanupTarget(): Promise<OAuthCleanupTarget>;
  /** The platform's default error sink (name and message only). */
  reportError(error: unknown, phase: string): void;
  /**
   * The path the server's MCP endpoint answers at (`basePath`, default the path of `MCP_BASE_URL`;
   * with or without a trailing slash), once the server has started as for a request (a failed
   * start rejects, as `server()` does); `undefined` with `COMPANION=on`, where every request goes
   * through the pages first. An adapter reads an MCP message straight off its event there.
   */
  mcpEndpointPath(): Promise<string | undefined>;
}

/**
 * The bootstrap both serverless adapters share: the pool, the server from the instance's settings,
 * the packets on shipped templates, the companion pages with `COMPANION=on`, the cleanup target and
 * the error report. Nothing is built until the first request (or cleanup run) asks for it; the
 * settings are read then (`settings()`: the adapter's settings module, which reads the
 * environment), and a failed start reads them again with the next request. The adapter only
 * translates its platform's event to a `Request` and the `Response` back.
 *
 * @example
 * ```ts
 * const bootstrap = createServerlessBootstrap(platform, () => serverlessSettingsFromEnv(env, platform));
 * export const handler = createLambdaHandler(bootstrap.app);
 * ```
 */
export function createServerlessBootstrap(
  platform: ServerlessPlatform,
  settings: () => ServerlessSettings | Promise<ServerlessSettings>,
): ServerlessBootstrap {
  const packets = createShippedPacketBuilder(platform.templates);
  const started = lazyOnce(async () => {
    const read = await settings();
    return { settings: read, built: await createServerlessFilingServer(read, platform, packets) };
  });
  const server = async () => (await started()).built;
  // The companion pages in front of the server with COMPANION=on (loaded only then); else the server.
  const app = lazyOnce(async (): Promise<FetchApp> => {
    const { settings: read, built } = await started();
    if (!read.companion) return built.server;
    return (await import('./companion-mount.js')).mountServerlessCompanion(read, built);
  });
  return {
    server,
    app: {
      async fetch(request, context) {
        return (await app()).fetch(request, context);
      },
    },
    cleanupTarget: async () => (await server()).server,
    reportError: errorReporter(platform.name),
    async mcpEndpointPath() {
      const { settings: read } = await started();
      if (read.companion) return undefined;
      return read.config.basePath ?? withoutTrailingSlash(new URL(read.config.baseUrl).pathname);
    },
  };
}
