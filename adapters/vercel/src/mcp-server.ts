/**
 * The Vercel Function entry: `api/mcp-server.js` re-exports this module's default. The server is
 * built from the Vercel settings on the first request an instance serves and reused afterwards.
 */
import { vercelBootstrap } from './vercel-bootstrap.js';
import { createVercelFunction } from './vercel-function.js';

export default createVercelFunction(() => vercelBootstrap.app);
