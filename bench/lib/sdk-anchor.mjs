// The official SDK's McpServer holding the same 14 tool definitions as ours (the product's own zod
// schemas, titles, descriptions and annotations from createFilingTools). No database: only the
// definitions are used; get_form_schema answers the fixed descriptor and the other tools are not
// exercised. Shared by the throughput anchor (servers/sdk.mjs) and the cold-start bundle
// (cold/sdk-handler.mjs), so both measure the same server.
import {
  createFilingTools,
  FILING_SERVER_INFO,
  FILING_SERVER_INSTRUCTIONS,
  formSchemaDescriptor,
} from '@filing-mcp/filing-domain';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const definitions = createFilingTools({ db: /** @type {any} */ ({}), appUrl: 'http://127.0.0.1/app' });
const descriptor = formSchemaDescriptor('5472');
const formSchema = {
  kind: descriptor.kind,
  description: descriptor.description,
  fields: { ...descriptor.fields },
};

/** @param {string} name */
function fixedResult(name) {
  if (name === 'get_form_schema') {
    return { content: [{ type: 'text', text: JSON.stringify(formSchema) }], structuredContent: formSchema };
  }
  return {
    isError: true,
    content: [{ type: 'text', text: `${name} is not part of the SDK anchor's workloads` }],
  };
}

/** A new SDK server, as the SDK's stateless mode builds one per request. */
export function buildSdkServer() {
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
      // @ts-expect-error -- the SDK's callback result type is wider than this fixed answer's literal type
      async () => fixedResult(tool.name),
    );
  }
  return server;
}
