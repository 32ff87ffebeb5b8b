import { createServerlessBootstrap } from '@filing-mcp/serverless';
import { VERCEL_PLATFORM } from './vercel-platform.js';

/**
 * The instance's server, built from `process.env` on the first request and reused afterwards
 * (each function file of vercel.json runs in instances of its own, so each builds its own).
 */
export const vercelBootstrap = createServerlessBootstrap(VERCEL_PLATFORM);
