import { errorReporter } from './error-report.js';
import type { FetchApp } from './fetch-app.js';
import { lazyOnce } from '@filing-mcp/protocol/internal';
import type { OAuthCleanupTarget } from './oauth-cleanup.js';
import { createServerlessFilingServer, type ServerlessFilingServer } from './serverless-filing-server.js';
import type { ServerlessPlatform } from './serverless-platform.js';
import { createShippedPacketBuilder } from './shipped-packet-builder.js';

/** What one serverless instance runs: a server built once from the environment, and its uses. */
export interface ServerlessBootstrap {
  /**
   * The filing server, built from the environment on the first call and the same on every later
   * one; a failed start (a bad setting, the database down) is retried by the next call.
   */
  server(): Promise<ServerlessFilingServer>;
  /** Serves each request through that server: what the platform's handler wraps. */
  app: FetchApp;
  /** The OAuth cleanup's target: the same server, started by the first run if need be. */
  cleanupTarget(): Promise<OAuthCleanupTarget>;
  /** The platform's default error sink (name and message only). */
  reportError(error: unknown, phase: string): void;
}

/**
 * The bootstrap both serverless adapters share: the pool, the server from the environment, the
 * packets on shipped templates, the companion pages with `COMPANION=on`, the cleanup target and the
 * error report. Nothing is built until
 * the first request (or cleanup run) asks for it; the environment is read then, so a setting added
 * afterwards is seen by the next start. The adapter only translates its platform's event to a
 * `Request` and the `Response` back.
 *
 * @example
 * ```ts
 * const bootstrap = createServerlessBootstrap({ name: 'lambda', poolDefaults: { poolMax: 2, idleTimeoutMs: 10_000 } });
 * export const handler = createLambdaHandler(bootstrap.app);
 * ```
 */
export function createServerlessBootstrap(
  platform: ServerlessPlatform,
  env: () => Record<string, string | undefined> = () => process.env,
): ServerlessBootstrap {
  const packets = createShippedPacketBuilder(platform.templates);
  const server = lazyOnce(() => createServerlessFilingServer(env(), platform, packets));
  // The companion pages in front of the server with COMPANION=on (loaded only then); else the server.
  const app = lazyOnce(async (): Promise<FetchApp> => {
    const built = await server();
    const settings = env();
    if (settings.COMPANION?.trim() !== 'on') return built.server;
    return (await import('./companion-mount.js')).mountServerlessCompanion(settings, built);
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
  };
}
