/**
 * The deployable Lambda entry (bundled to dist/lambda/handler.mjs by `pnpm bundle`):
 * `handler` for buffered Function URLs and API Gateway HTTP APIs, `streamHandler` for Function URLs
 * with `InvokeMode: RESPONSE_STREAM`, `cleanupHandler` for the scheduled OAuth cleanup. The server is
 * built by the shared serverless bootstrap on the first invocation and reused by every later one in
 * the same container.
 */
import { createServerlessBootstrap } from '@filing-mcp/serverless';
import { awsLambdaRuntime } from './aws-lambda-runtime.js';
import { type CleanupHandler, createCleanupHandler } from './cleanup-handler.js';
import { createMcpLambdaHandler } from './lambda-handler.js';
import type { LambdaHandlerOptions } from './lambda-handler-options.js';
import { lambdaPlatform } from './lambda-platform.js';
import { readLambdaSettings } from './lambda-settings.js';
import { createStreamingLambdaHandler, type StreamingLambdaHandler } from './streaming-lambda-handler.js';

// This module is the bundle's entry, so its code sits in handler.mjs itself, next to the templates/
// directory bundle.mjs copies the IRS forms to.
const platform = lambdaPlatform(new URL('./templates/', import.meta.url));
const settings = readLambdaSettings(platform);
const bootstrap = createServerlessBootstrap(platform, settings.server);

const options: LambdaHandlerOptions = settings.routing;

/**
 * Buffered handler: API Gateway HTTP API (payload 2.0) or a Function URL in BUFFERED mode. The MCP
 * endpoint's messages are answered without undici's `Request` and `Response` (createMcpLambdaHandler).
 */
export const handler = createMcpLambdaHandler(bootstrap.app, options, bootstrap.mcpEndpointPath);

/**
 * Streaming handler for a Function URL in RESPONSE_STREAM mode. Outside the Lambda runtime (no
 * `awslambda` global, e.g. when this module is imported by a test or a script) it throws on use.
 */
export const streamHandler: StreamingLambdaHandler = awsLambdaRuntime()
  ? createStreamingLambdaHandler(bootstrap.app, options)
  : async () => {
      throw new Error('streamHandler runs only inside the AWS Lambda Node.js runtime.');
    };

/**
 * Scheduled-event handler (an EventBridge schedule, every 15 minutes in template.yaml): deletes
 * expired authorization codes and OAuth tokens, logs the counts as one JSON line and answers them.
 * Builds the same server from the environment as `handler`; throws (after logging why) when the
 * server cannot start or the database fails, so the run counts as failed.
 */
export const cleanupHandler: CleanupHandler = createCleanupHandler(bootstrap.cleanupTarget);
