export type {
  AwsLambdaRuntime,
  HttpResponseStreamPrelude,
  LambdaResponseStream,
  StreamifiedHandler,
} from './aws-lambda-runtime.js';
export {
  type CleanupHandler,
  type CleanupHandlerOptions,
  createCleanupHandler,
  type LambdaScheduledEvent,
  type OAuthCleanupCounts,
  type OAuthCleanupTarget,
} from './cleanup-handler.js';
export type { FetchApp, FetchContext } from '@filing-mcp/serverless';
export { createLambdaHandler, type LambdaHandler } from './lambda-handler.js';
export type { LambdaHandlerOptions } from './lambda-handler-options.js';
export type { LambdaHttpEvent, LambdaHttpResult, LambdaInvocationContext } from './lambda-http-event.js';
export { createStreamingLambdaHandler, type StreamingLambdaHandler } from './streaming-lambda-handler.js';
