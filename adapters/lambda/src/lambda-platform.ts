import { errorReporter, type ServerlessPlatform } from '@filing-mcp/serverless';

/**
 * What the shared serverless bootstrap needs to know of Lambda: 2 connections per container (a
 * container serves one request at a time; the second lets a `waitUntil` write overlap the next
 * query) that close after 10 s idle, and the first connection opened as soon as the pool exists.
 * The IRS templates sit in `templates/` beside the deployed handler.mjs (`dist/lambda/templates/`,
 * copied there by bundle.mjs); the entry module passes that directory.
 */
export function lambdaPlatform(templates?: URL): ServerlessPlatform {
  return {
    name: 'lambda',
    poolDefaults: { poolMax: 2, idleTimeoutMs: 10_000 },
    warmPool: true,
    ...(templates && { templates }),
  };
}

/** The default error sink of the handlers: `[filing-mcp/lambda] <phase> failed: <name>: <message>`. */
export const reportLambdaError = errorReporter('lambda');
