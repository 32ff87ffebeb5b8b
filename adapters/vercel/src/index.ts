export type { FetchApp, FetchContext } from './fetch-app.js';
export { createFilingServerFromEnv, type VercelFilingServer } from './filing-server-from-env.js';
export {
  createOAuthCleanupFunction,
  type OAuthCleanupCounts,
  type OAuthCleanupFunctionOptions,
  type OAuthCleanupTarget,
} from './oauth-cleanup-function.js';
export type { ServerlessPoolOptions } from './postgres-pool.js';
export { createVercelFunction, type VercelFunction, type VercelFunctionOptions } from './vercel-function.js';
