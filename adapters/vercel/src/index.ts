export type { FetchApp, FetchContext } from '@filing-mcp/serverless';
export {
  createOAuthCleanupFunction,
  type OAuthCleanupFunctionOptions,
} from './oauth-cleanup-function.js';
export { createVercelFunction, type VercelFunction, type VercelFunctionOptions } from './vercel-function.js';
