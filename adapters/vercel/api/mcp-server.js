// The Vercel Function. Vercel serves it at /api/mcp-server; vercel.json rewrites everything below
// that path and the origin-level /.well-known/* discovery addresses to it. The code lives in
// dist/mcp-server.js, built by `pnpm build` (the buildCommand in vercel.json).
export { default } from '../dist/mcp-server.js';
