// The anchor of the official SDK v2 (`@modelcontextprotocol/server`): `createMcpHandler` with a
// per-request low-level `Server` (lib/sdk-anchor.mjs), which serves the 2026-07-28 wire and, through
// its stateless fallback, the 2025 one. Mounted on node:http with @hono/node-server, as ours is.
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { announce } from '../lib/report.mjs';
import { buildSdk2Server } from '../lib/sdk-anchor.mjs';

const handler = createMcpHandler(() => buildSdk2Server());
const httpServer = createServer(getRequestListener((request) => handler.fetch(request)));

httpServer.listen(0, '127.0.0.1', () => announce(httpServer.address().port, () => httpServer.close()));
