import { createServerlessBootstrap } from '@filing-mcp/serverless';
import { VERCEL_PLATFORM } from './vercel-platform.js';
import { vercelSettings } from './vercel-settings.js';

/**
 * The instance's server, built from the Vercel settings on the first request and reused afterwards
 * (each function file of vercel.json runs in instances of its own, so each builds its own).
 */
export const vercelBootstrap = createServerlessBootstrap(VERCEL_PLATFORM, vercelSettings.server);
