// The anchor: the official MCP SDK in its recommended stateless mode (a new McpServer and a new
// StreamableHTTPServerTransport per request, as in the SDK's simpleStatelessStreamableHttp example),
// holding the same 14 tool definitions as ours: the product's own zod schemas, titles,
// descriptions and annotations from createFilingTools. No database: get_form_schema answers the
// fixed descriptor; the other tools are not exercised. The body is parsed here with JSON.parse
// instead of express.json(), which spares the SDK a framework's cost.
import { createServer } from 'node:http';
import {
  createFilingTools,
  FILING_SERVER_INFO,
  FILING_SERVER_INSTRUCTIONS,
  formSchemaDescriptor,
} from '@filing-mcp/filing-domain';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { announce } from '../lib/report.mjs';

// Only the definitions are used; no handler of ours runs, so no database is needed.
const definitions = createFilingTools({ db: /** @type {any} */ ({}), appUrl: 'http://127.0.0.1/app' });
const descriptor = formSchemaDescriptor('5472');
const formSchema = {
  kind: descriptor.kind,
  description: descriptor.description,
  fields: { ...descriptor.fields },
};

function fixedResult(name) {
  if (name === 'get_form_schema') {
    return { content: [{ type: 'text', text: JSON.stringify(formSchema) }], structuredContent: formSchema };
  }
  return {
    isError: true,
    content: [{ type: 'text', text: `${name} is not part of the SDK anchor's workloads` }],
  };
}

function buildServer() {
  const server = new McpServer(
    { name: FILING_SERVER_INFO.name, version: FILING_SERVER_INFO.version },
    { instructions: FILING_SERVER_INSTRUCTIONS },
  );
  for (const tool of definitions) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
      },
      async () => fixedResult(tool.name),
    );
  }
  return server;
}

const httpServer = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', async () => {
    const server = buildServer();
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
