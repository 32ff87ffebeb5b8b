export {
  type CleanupHandler,
  type CleanupHandlerOptions,
  createCleanupHandler,
} from './cleanup-handler.js';
export type { FetchApp, FetchContext } from '@filing-mcp/serverless';
export { createLambdaHandler, type LambdaHandler } from './lambda-handler.js';
export type { LambdaHandlerOptions } from './lambda-handler-options.js';
export { createStreamingLambdaHandler, type StreamingLambdaHandler } from './streaming-lambda-handler.js';
