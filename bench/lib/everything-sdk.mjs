// What the fixture-server benchmarks (everything-micro.mjs in process, everything-http.mjs over
// sockets) send and what they compare against: the requests of the two workloads on the
// 2026-07-28 wire, and the official SDK v2 (`@modelcontextprotocol/server`) `McpServer` holding the
// fixture server's definitions (the same tool names, descriptions and zod input schemas, the same
// resources), built per request by `createMcpHandler`'s factory as its stateless handler does.
import { everythingDefinitions } from '@filing-mcp/example-everything-server';
import { McpServer } from '@modelcontextprotocol/server';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
};

/** The workloads: each JSON-RPC method with its params and its `Mcp-Name` header (if any). */
export const OPERATIONS = {
  'tools/list': { params: {}, name: undefined },
  'resources/read': { params: { uri: 'test://static-text' }, name: 'test://static-text' },
};

/** The HTTP headers of one workload's POST. */
export function operationHeaders(operation) {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': operation,
  };
  const { name } = OPERATIONS[operation];
  if (name !== undefined) headers['mcp-name'] = name;
  return headers;
}

/** The JSON-RPC body of one workload's POST. */
export function operationBody(operation) {
  const { params } = OPERATIONS[operation];
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: operation, params: { ...params, _meta: META } });
}

/** The SDK v2 server with the fixture's definitions: `createMcpHandler(buildSdkServer)`. */
export function buildSdkServer() {
  const server = new McpServer({ name: 'filing-mcp-everything-server', version: '1.1.0' });
  for (const tool of everythingDefinitions.tools) {
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: tool.inputSchema },
      async () => ({
        content: [{ type: 'text', text: tool.name }],
      }),
    );
  }
  for (const resource of everythingDefinitions.resources) {
    server.registerResource(
      resource.name,
      resource.uri,
      { title: resource.title, description: resource.description, mimeType: resource.mimeType },
      async (uri) => ({ contents: [await resource.read(uri.href, /** @type {any} */ ({}))] }),
    );
  }
  return server;
}
