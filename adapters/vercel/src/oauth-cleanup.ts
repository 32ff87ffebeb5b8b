/**
 * The Vercel Function behind the `crons` entry of vercel.json: `api/oauth-cleanup.js` re-exports this
 * module's default. It builds its own server from the Vercel settings (each function file runs in its own
 * instances) on the first authorised call.
 */
import { vercelBootstrap } from './vercel-bootstrap.js';
import { createOAuthCleanupFunction } from './oauth-cleanup-function.js';

export default createOAuthCleanupFunction(vercelBootstrap.cleanupTarget);
