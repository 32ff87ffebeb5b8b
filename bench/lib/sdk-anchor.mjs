// The official SDKs' servers holding the same 14 tools as ours (the product's own zod schemas,
// titles, descriptions and annotations from createEagerFilingTools, built at load as an SDK server would), each in its best case: the
// low-level `Server` with the tools/list result built once, rather than `McpServer` converting the
// zod schemas on every request. No database: get_form_schema answers the fixed descriptor; the
// other tools are not exercised. v1 (`@modelcontextprotocol/sdk`) is shared by the throughput
// anchor (servers/sdk.mjs) and the cold-start bundle (cold/sdk-handler.mjs); v2
// (`@modelcontextprotocol/server`) backs servers/sdk2.mjs through `createMcpHandler`.
import {
  createEagerFilingTools,
  FILING_SERVER_INFO,
  FILING_SERVER_INSTRUCTIONS,
  formSchemaDescriptor,
} from '@filing-mcp/filing-domain';
import { Server as ServerV2 } from '@modelcontextprotocol/server';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const definitions = createEagerFilingTools({ db: /** @type {any} */ ({}), appUrl: 'http://127.0.0.1/app' });
const descriptor = formSchemaDescriptor('5472');
const formSchema = {
  kind: descriptor.kind,
  description: descriptor.description,
  fields: { ...descriptor.fields },
};

/** JSON Schema of a zod object, as ours lists it (no `$schema` marker). */
function jsonSchema(schema, io) {
  const { $schema: _marker, ...rest } = /** @type {Record<string, unknown>} */ (
    z.toJSONSchema(schema, { io })
  );
  return rest;
}

/** The tools/list result, built once: the same tools, in the same order, as ours lists them. */
const toolsList = {
  tools: definitions.map((tool) => ({
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    inputSchema: jsonSchema(tool.inputSchema, 'input'),
    ...(tool.outputSchema === undefined ? {} : { outputSchema: jsonSchema(tool.outputSchema, 'output') }),
    ...(tool.annotations === undefined ? {} : { annotations: { ...tool.annotations } }),
  })),
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

const serverInfo = { name: FILING_SERVER_INFO.name, version: FILING_SERVER_INFO.version };
const serverOptions = { capabilities: { tools: {} }, instructions: FILING_SERVER_INSTRUCTIONS };

/** A new SDK v1 low-level server, as the SDK's stateless mode builds one per request. */
export function buildSdkServer() {
  const server = new Server(serverInfo, serverOptions);
  server.setRequestHandler(ListToolsRequestSchema, () => toolsList);
  server.setRequestHandler(CallToolRequestSchema, (request) => fixedResult(request.params.name));
  return server;
}

/** A new SDK v2 low-level server, for `createMcpHandler`'s per-request factory. */
export function buildSdk2Server() {
  const server = new ServerV2(serverInfo, serverOptions);
  server.setRequestHandler('tools/list', () => toolsList);
  server.setRequestHandler('tools/call', (request) => fixedResult(request.params.name));
  return server;
}
