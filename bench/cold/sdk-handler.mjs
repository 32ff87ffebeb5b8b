// An SDK-based Lambda handler: the official SDK's web-standard transport in stateless mode (new
// server and transport per request) with the same 14 tool definitions as ours. For bundle size and
// cold start only; get_form_schema answers the fixed descriptor, no database.
import {
  createFilingTools,
  FILING_SERVER_INFO,
  FILING_SERVER_INSTRUCTIONS,
  formSchemaDescriptor,
} from '@filing-mcp/filing-domain';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { eventToRequest, responseToResult } from './lambda-event.mjs';

const definitions = createFilingTools({ db: {}, appUrl: 'https://app.example.com' });
const descriptor = formSchemaDescriptor('5472');
const formSchema = {
  kind: descriptor.kind,
  description: descriptor.description,
  fields: { ...descriptor.fields },
};

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
      async () =>
        tool.name === 'get_form_schema'
          ? { content: [{ type: 'text', text: JSON.stringify(formSchema) }], structuredContent: formSchema }
          : { isError: true, content: [{ type: 'text', text: 'not part of the benchmark' }] },
    );
  }
  return server;
}

/** Buffered Lambda handler. */
export const handler = async (event) => {
  const server = buildServer();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await responseToResult(await transport.handleRequest(eventToRequest(event)));
  } finally {
    await transport.close();
    await server.close();
  }
};
