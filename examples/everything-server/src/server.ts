import { startEverythingServer } from './http-server.js';

// Entry point: `node examples/everything-server/dist/server.js`, on PORT (default 3001), at /mcp.
const server = await startEverythingServer({
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 3001),
  onError: (error, context) => console.error('everything-server: unexpected error', context, error),
});
console.log(`everything MCP server listening on ${server.url.href}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
