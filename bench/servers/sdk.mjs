// The anchor: the official MCP SDK v1 in its recommended stateless mode (a new low-level Server and a new
// StreamableHTTPServerTransport per request, as in the SDK's simpleStatelessStreamableHttp example),
// holding the same 14 tool definitions as ours: the product's own zod schemas, titles,
// descriptions and annotations from createEagerFilingTools. No database: get_form_schema answers the
// fixed descriptor; the other tools are not exercised. The body is parsed here with JSON.parse
// instead of express.json(), which spares the SDK a framework's cost.
import { createServer } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { announce } from '../lib/report.mjs';
import { buildSdkServer } from '../lib/sdk-anchor.mjs';

const httpServer = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', async () => {
    const server = buildSdkServer();
    try {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on('close', () => {
        transport.close();
        server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request, response, JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch (error) {
      process.stderr.write(`sdk: ${error?.message}\n`);
      if (!response.headersSent) response.writeHead(500).end();
    }
  });
});

httpServer.listen(0, '127.0.0.1', () => announce(httpServer.address().port, () => httpServer.close()));
