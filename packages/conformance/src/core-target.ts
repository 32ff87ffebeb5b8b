import { createFilingServer } from '@filing-mcp/filing-domain';
import type { ConformanceDatabase, ConformanceTarget } from './conformance-target.js';
import { createTargetParts } from './target-parts.js';

/** `{base_url}` of the core target; the core never opens a socket, so any address will do. */
export const CORE_BASE_URL = 'https://filing.example.test/api/mcp-server';

/**
 * The core itself as a conformance target: `createFilingServer` called with web `Request`s, no
 * transport in between. Adapters compare against this one.
 */
export async function createCoreTarget(options: {
  database: ConformanceDatabase;
}): Promise<ConformanceTarget> {
  const parts = await createTargetParts({ database: options.database, baseUrl: CORE_BASE_URL });
  const server = createFilingServer(parts.serverOptions);
  return {
    name: 'core',
    baseUrl: parts.config.baseUrl,
    appUrl: parts.config.appUrl,
    // A Request built from (input, init) is exactly what a runtime hands the core.
    fetch: async (input, init) => server.fetch(new Request(input, init)),
    sessionSecret: parts.sessionSecret,
    db: parts.db,
    createApiKey: parts.createApiKey,
    signFaxEvent: parts.signFaxEvent,
    stripe: parts.stripe,
    clock: parts.clock,
    async close() {
      await server.close();
      await parts.close();
    },
  };
}
