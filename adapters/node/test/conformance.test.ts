import { createTargetParts, defineConformanceSuite } from '@filing-mcp/conformance';
import { afterAll, expect } from 'vitest';
import { createLogger, createNodeServer } from '../src/index.js';

// Every log line of every target in this file: after the whole suite (full OAuth flows, API keys,
// bad credentials) none may hold a credential, code or query string.
const logLines: string[] = [];
const SECRET_IN_LOG = /mcp_(?:at|rt|code|secret)_[A-Za-z0-9_-]{8,}|nf_[0-9a-f]{16,}|"path":"[^"]*\?/;

defineConformanceSuite('node', async ({ database }) => {
  // The base URL must name the port the system picks, so the parts are made with a stand-in and
  // the server's configuration is completed once it listens.
  const parts = await createTargetParts({ database, baseUrl: 'http://127.0.0.1:1/mcp-server' });
  let baseUrl = '';
  const node = await createNodeServer({
    db: parts.db,
    config: ({ origin }) => {
      baseUrl = `${origin}/mcp-server`;
      return {
        ...parts.config,
        baseUrl,
        allowedHosts: [new URL(origin).host],
        allowedOrigins: [new URL(parts.config.appUrl).origin, origin],
      };
    },
    // The providers the adapter builds from their settings (startServer: from the environment).
    fax: parts.serverOptions.fax,
    payments: parts.serverOptions.payments,
    host: '127.0.0.1',
    port: 0,
    now: parts.clock.now,
    logger: createLogger({ write: (line) => logLines.push(line) }),
    cleanupIntervalMs: 0,
  });
  return {
    name: 'node',
    // The Node adapter hands the core its packet worker: the filing packets are MCP resources.
    packetResources: true,
    baseUrl,
    appUrl: parts.config.appUrl,
    // Real sockets: scenarios' absolute URLs already point at the listening server.
    fetch: (input, init) => fetch(input, init),
    sessionSecret: parts.sessionSecret,
    db: parts.db,
    createApiKey: parts.createApiKey,
    signFaxEvent: parts.signFaxEvent,
    stripe: parts.stripe,
    clock: parts.clock,
    async close() {
      await node.close();
      await parts.close();
    },
  };
});

afterAll(() => {
  expect(logLines.length).toBeGreaterThan(100);
  const leaking = logLines.filter((line) => SECRET_IN_LOG.test(line));
  expect(leaking).toEqual([]);
});
