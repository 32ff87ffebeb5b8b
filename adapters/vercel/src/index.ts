export type { FetchApp, FetchContext, ServerlessPoolOptions } from '@filing-mcp/serverless';
export { createFilingServerFromEnv, type VercelFilingServer } from './filing-server-from-env.js';
export {
  createOAuthCleanupFunction,
  type OAuthCleanupCounts,
  type OAuthCleanupFunctionOptions,
  type OAuthCleanupTarget,
} from './oauth-cleanup-function.js';
export { createVercelFunction, type VercelFunction, type VercelFunctionOptions } from './vercel-function.js';
