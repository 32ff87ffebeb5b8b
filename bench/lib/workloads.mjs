// What is measured: the workloads, the servers each one runs against, and the one request body
// (or list of bodies) the load generator sends.
import { sampleFormData } from './database.mjs';
import { MODERN_META, MODERN_VERSION } from './modern-meta.mjs';

/** The tools ours lists in tools/list. */
const OUR_TOOL_COUNT = 20;

/** Every server of the throughput phase: its script, its MCP path, whether it needs PostgreSQL. */
export const SERVERS = {
  ceiling: { script: 'servers/ceiling.mjs', path: '/', label: 'node:http ceiling' },
  'db-ceiling': {
    script: 'servers/db-ceiling.mjs',
    path: '/',
    label: 'node:http + pg ceiling',
    database: true,
  },
  sdk: { script: 'servers/sdk.mjs', path: '/', label: 'official SDK v1, low-level Server, stateless' },
  sdk2: { script: 'servers/sdk2.mjs', path: '/', label: 'official SDK v2, createMcpHandler' },
  ours: { script: 'servers/ours.mjs', path: '/mcp-server', label: 'ours (Node adapter)', database: true },
  // Ours without the in-process credential cache: every call looks its key up, as the db ceiling does.
  'ours-nocache': {
    script: 'servers/ours.mjs',
    path: '/mcp-server',
    label: 'ours, credential cache off',
    database: true,
    env: { AUTH_CACHE_TTL_MS: '0' },
  },
  // Ours with OpenTelemetry on, exporting to a local receiver; measured with --telemetry only.
  'ours-otel': {
    script: 'servers/ours.mjs',
    path: '/mcp-server',
    label: 'ours, OpenTelemetry on (OTLP to a local receiver)',
    database: true,
    env: { BENCH_TELEMETRY: '1' },
  },
};

const rpc = (id, method, params) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
const call = (id, name, args) => rpc(id, 'tools/call', { name, arguments: args });

const modernRpc = (id, method, params) => rpc(id, method, { ...params, _meta: MODERN_META });

/**
 * The workloads. `ceiling` names the server the others are divided by; `sdk` is there when the
 * SDK anchor runs the workload. `bodies(db)` builds the requests from the seeded database.
 */
export const WORKLOADS = [
  {
    name: 'tools/list',
    description: 'tools/list without a credential',
    servers: ['ceiling', 'sdk', 'sdk2', 'ours'],
    ceiling: 'ceiling',
    credential: false,
    bodies: () => [rpc(1, 'tools/list', {})],
  },
  {
    name: 'tools/list 2026',
    description: 'tools/list on the 2026-07-28 wire, without a credential',
    servers: ['ceiling', 'sdk2', 'ours'],
    ceiling: 'ceiling',
    credential: false,
    wire: 'modern',
    method: 'tools/list',
    bodies: () => [modernRpc(1, 'tools/list', {})],
  },
  {
    name: 'get_form_schema',
    description: 'tools/call get_form_schema with an API key',
    servers: ['db-ceiling', 'sdk', 'ours'],
    ceiling: 'db-ceiling',
    credential: true,
    bodies: () => [call(1, 'get_form_schema', { kind: '5472' })],
  },
  {
    name: 'get_filing',
    description: 'tools/call get_filing (10k filings) with an API key',
    servers: ['db-ceiling', 'ours', 'ours-nocache'],
    ceiling: 'db-ceiling',
    credential: true,
    bodies: (db) => db.filingIds.map((id, index) => call(index + 1, 'get_filing', { id })),
  },
  {
    name: 'get_filing 2026',
    description: 'tools/call get_filing (10k filings) with an API key, on the 2026-07-28 wire',
    servers: ['db-ceiling', 'ours'],
    ceiling: 'db-ceiling',
    credential: true,
    wire: 'modern',
    method: 'tools/call',
    toolName: 'get_filing',
    bodies: (db) =>
      db.filingIds.map((id, index) =>
        modernRpc(index + 1, 'tools/call', { name: 'get_filing', arguments: { id } }),
      ),
  },
  {
    name: 'create_filing',
    description: 'tools/call create_filing with an API key',
    servers: ['db-ceiling', 'ours'],
    ceiling: 'db-ceiling',
    credential: true,
    bodies: () => [call(1, 'create_filing', { form_data: sampleFormData(1) })],
  },
  {
    // The same create for 10,000 different EINs in turn: the duplicate lookup finds few or none, as
    // for most creates of real users (create_filing above finds 20 in every call: the seeded 10,000
    // filings share its EIN and year).
    name: 'create_filing new EINs',
    description: 'tools/call create_filing with an API key, a different EIN on each call',
    servers: ['db-ceiling', 'ours'],
    ceiling: 'db-ceiling',
    credential: true,
    bodies: () =>
      Array.from({ length: 10_000 }, (_, index) => {
        const ein = `9${String(index).padStart(8, '0')}`;
        return call(index + 1, 'create_filing', {
          form_data: { ...sampleFormData(index), ein: `${ein.slice(0, 2)}-${ein.slice(2)}` },
        });
      }),
  },
];

/** Request headers: what an MCP client (the SDK's) sends, plus the API key where needed. */
export function headersFor(workload, apiKey) {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': workload.wire === 'modern' ? MODERN_VERSION : '2025-06-18',
    ...(workload.wire === 'modern' && { 'mcp-method': workload.method }),
    ...(workload.toolName !== undefined && { 'mcp-name': workload.toolName }),
    ...(workload.credential && { authorization: `Bearer ${apiKey}` }),
  };
}

/** The JSON-RPC message in a response body, JSON or SSE (`event: message` + `data: ...`). */
export function parseRpcBody(contentType, text) {
  if (contentType?.includes('text/event-stream')) {
    const data = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6));
    return JSON.parse(data[0] ?? 'null');
  }
  return JSON.parse(text);
}

/**
 * Sends one request of the workload and checks the answer is a success (HTTP 200, a JSON-RPC
 * result, no tool error), so that no server is measured answering errors fast. Answers the
 * response size in bytes and the parsed result. `earlierCommit`: the server is ours as built from an
 * earlier commit (`--baseline`), which may list fewer tools (14 before check_filing, 15 before
 * complete_filing).
 */
export async function probe(url, workload, headers, body, { earlierCommit = false } = {}) {
  const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  const message = parseRpcBody(response.headers.get('content-type'), text);
  if (!message || message.error) throw new Error(`JSON-RPC error: ${JSON.stringify(message?.error)}`);
  if (message.result?.isError) throw new Error(`tool error: ${JSON.stringify(message.result.content)}`);
  const tools = message.result?.tools?.length;
  // Ours lists 20 (the spec's 14, check_filing, complete_filing, send_fax, mark_filed, buy_filings,
  // buy_extension); an earlier
  // commit as a baseline lists fewer, never fewer than the spec's 14.
  if (
    workload.name.startsWith('tools/list') &&
    tools !== OUR_TOOL_COUNT &&
    !(earlierCommit && tools >= 14 && tools < OUR_TOOL_COUNT)
  ) {
    throw new Error(`tools/list answered ${tools} tools, not ${OUR_TOOL_COUNT} (the spec's 14 and ours)`);
  }
  return { bytes: Buffer.byteLength(text), result: message.result, headers: answerHeaders(response) };
}

// Headers node:http adds to every answer of any server (and the body's length), left out of
// {@link answerHeaders}: the ceiling's node:http writes them itself.
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * A response's own headers as `[name, value]` pairs (the transport's left out), for a ceiling that
 * answers the same bytes: the same header lines, not only the same body.
 */
function answerHeaders(response) {
  return [...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name));
}
