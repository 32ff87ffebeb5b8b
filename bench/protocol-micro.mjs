// Micro-benchmark: in-process tools/list and tools/call (no HTTP, no sockets) for the
// @filing-mcp/protocol core against the official MCP TypeScript SDK in its stateless per-request
// mode (a new McpServer and a new WebStandardStreamableHTTPServerTransport for every request, as
// the SDK's stateless examples do). Both sides get the same 14 zod tool definitions and the same
// handler; each measured call builds a Request, calls fetch, and reads the whole response body.
//
// Run: pnpm --filter @filing-mcp/protocol build && pnpm --filter @filing-mcp/bench bench:protocol
// Env: ROUNDS (default 31), SAMPLE_MS (wall time of one sample, default 60).
//
// Each sample runs one implementation on one operation for SAMPLE_MS of wall time and yields
// microseconds per call; implementations alternate within every round, so a burst of load on the
// machine hits both sides alike, and the median over rounds discards the bursts.

import { createMcpServer } from '@filing-mcp/protocol';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { z } from 'zod';

const ROUNDS = Number(process.env.ROUNDS ?? 31);
const SAMPLE_MS = Number(process.env.SAMPLE_MS ?? 60);
const WARMUP_MS = 1500;

// ---------------------------------------------------------------------------------------------
// 14 tool definitions of realistic size (the shape of the filing tools: ids, limits, form payloads)
// ---------------------------------------------------------------------------------------------

const uuid = z.string().uuid().describe('Filing id (UUID)');
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('Date, YYYY-MM-DD');
const limit = z.number().int().min(1).max(100).default(50).describe('Maximum number of filings');
const kind = z.enum(['5472', 'partnership']).describe('Form family');

const relatedParty = z.object({
  id: z.string(),
  name: z.string().min(1),
  relationship: z.string(),
});
const form5472 = z
  .object({
    taxYearBegin: date,
    taxYearEnd: date,
    llcName: z.string().min(1),
    llcStreet: z.string(),
    llcCity: z.string().describe('City, state and ZIP'),
    ein: z.string().regex(/^\d{2}-?\d{7}$/),
    totalAssets: z.union([z.number(), z.string()]),
    businessActivity: z.string(),
    businessActivityCode: z.string(),
    isInitialYear: z.boolean(),
    countryIncorporation: z.string(),
    dateIncorporation: date,
    ownerName: z.string(),
    ownerStreet: z.string(),
    ownerCity: z.string(),
    ownerCitizenship: z.string(),
    ownerTaxResidentCountry: z.string(),
    relatedParties: z.array(relatedParty).default([]),
    signerTitle: z.string().optional(),
    signatureDate: date.optional(),
    generateForm7004: z.boolean().optional(),
  })
  .partial()
  .passthrough();
const partner = z.object({
  id: z.string().uuid(),
  name: z.string().min(1),
  type: z.string(),
  isForeign: z.boolean(),
  entityType: z.string(),
  withholdingRate: z.string(),
});
const partnershipForm = z
  .object({
    partnershipName: z.string().min(1),
    ein: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string().length(2),
    zip: z.string(),
    businessActivity: z.string(),
    businessActivityCode: z.string(),
    dateBusinessStarted: date,
    accountingMethod: z.string(),
    totalAssets: z.string(),
    taxYearBegin: date,
    taxYearEnd: date,
    partners: z.array(partner),
    income: z.record(z.string(), z.unknown()),
    deductions: z.record(z.string(), z.unknown()),
    scheduleK: z.record(z.string(), z.unknown()),
    withholding: z.record(z.string(), z.unknown()),
  })
  .partial()
  .passthrough();

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };
const creates = { readOnlyHint: false, destructiveHint: false, idempotentHint: false };
const updates = { readOnlyHint: false, destructiveHint: false, idempotentHint: true };
const deletes = { readOnlyHint: false, destructiveHint: true, idempotentHint: true };

const FILING_ID = '3f1c2a6e-8d4b-4f7a-9c21-5b0e7d9a1c44';
const reply = (args) => ({ url: `https://app.example/filings/${args.id}/pdf`, kind: args.kind });

/** name, description, input schema, optional output schema, annotations. */
const TOOLS = [
  [
    'list_filings',
    'List your single-member filings (forms 5472/1120).',
    z.object({ limit }),
    undefined,
    readOnly,
  ],
  [
    'get_filing',
    'Get one single-member filing with its form data.',
    z.object({ id: uuid }),
    undefined,
    readOnly,
  ],
  [
    'create_filing',
    'Create a single-member filing (forms 5472 and 1120) from a full form payload.',
    z.object({ form_data: form5472, llc_name: z.string().optional(), ein: z.string().optional() }),
    z.object({ id: z.string(), view_url: z.string() }),
    creates,
  ],
  [
    'update_filing',
    'Patch a single-member filing; only supplied fields change.',
    z.object({
      id: uuid,
      form_data: form5472.optional(),
      llc_name: z.string().optional(),
      ein: z.string().optional(),
    }),
    z.object({ id: z.string(), view_url: z.string() }),
    updates,
  ],
  [
    'delete_filing',
    'Delete a single-member filing.',
    z.object({ id: uuid }),
    z.object({ ok: z.boolean() }),
    deletes,
  ],
  ['list_partnership_filings', 'List your partnership filings.', z.object({ limit }), undefined, readOnly],
  ['get_partnership_filing', 'Get one partnership filing.', z.object({ id: uuid }), undefined, readOnly],
  [
    'create_partnership_filing',
    'Create a partnership filing (1065, K-1, 8804, 8805).',
    z.object({ form_data: partnershipForm }),
    z.object({ id: z.string(), view_url: z.string() }),
    creates,
  ],
  [
    'update_partnership_filing',
    'Replace the form data of a partnership filing.',
    z.object({ id: uuid, form_data: partnershipForm }),
    z.object({ ok: z.boolean() }),
    updates,
  ],
  [
    'delete_partnership_filing',
    'Delete a partnership filing.',
    z.object({ id: uuid }),
    z.object({ ok: z.boolean() }),
    deletes,
  ],
  ['list_payments', 'List up to 100 of your payments.', z.object({}), undefined, readOnly],
  ['list_fax_logs', 'List up to 100 of your fax logs.', z.object({}), undefined, readOnly],
  [
    'get_form_schema',
    'Describe the fields of a form family; call this first.',
    z.object({ kind: kind.optional(), formType: z.string().optional() }),
    z.object({ description: z.string(), fields: z.record(z.string(), z.string()) }),
    readOnly,
  ],
  [
    'get_pdf_url',
    'Link to the PDF view of a filing in the companion app.',
    z.object({ id: uuid, kind: kind.default('5472') }),
    z.object({ url: z.string(), kind }),
    readOnly,
  ],
];

// ---------------------------------------------------------------------------------------------
// The two servers
// ---------------------------------------------------------------------------------------------

const core = createMcpServer({
  serverInfo: { name: 'filing-mcp', version: '1.1.0' },
  tools: TOOLS.map(([name, description, inputSchema, outputSchema, annotations]) => ({
    name,
    description,
    inputSchema,
    outputSchema,
    annotations,
    handler: reply,
  })),
  authenticate: async () => ({ userId: 'bench-user' }),
  responseMode: 'json',
});

function buildSdkServer() {
  const server = new McpServer({ name: 'filing-mcp', version: '1.1.0' });
  for (const [name, description, inputSchema, outputSchema, annotations] of TOOLS) {
    server.registerTool(name, { description, inputSchema, outputSchema, annotations }, async (args) => {
      const result = reply(args);
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    });
  }
  return server;
}

async function sdkFetch(request) {
  const server = buildSdkServer();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  const response = await transport.handleRequest(request);
  const text = await response.text();
  await transport.close();
  await server.close();
  return text;
}

async function coreFetch(request) {
  const response = await core.fetch(request);
  return response.text();
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  authorization: 'Bearer nf_0000000000000000000000000000000000000000000000000000000000000000',
  'mcp-protocol-version': '2025-06-18',
};
const BODIES = {
  'tools/list': JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  'tools/call': JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'get_pdf_url', arguments: { id: FILING_ID, kind: 'partnership' } },
  }),
};
const makeRequest = (operation) =>
  new Request('http://localhost/mcp-server', { method: 'POST', headers: HEADERS, body: BODIES[operation] });

// ---------------------------------------------------------------------------------------------
// Check both answer the same before timing anything
// ---------------------------------------------------------------------------------------------

for (const operation of Object.keys(BODIES)) {
  const ours = JSON.parse(await coreFetch(makeRequest(operation)));
  const theirs = JSON.parse(await sdkFetch(makeRequest(operation)));
  if (operation === 'tools/list') {
    const names = (body) => body.result.tools.map((tool) => tool.name).join(',');
    if (names(ours) !== names(theirs) || ours.result.tools.length !== 14) {
      throw new Error(`tools/list differs: ${names(ours)} vs ${names(theirs)}`);
    }
  } else if (JSON.stringify(ours.result) !== JSON.stringify(theirs.result)) {
    throw new Error(`tools/call differs: ${JSON.stringify(ours)} vs ${JSON.stringify(theirs)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Interleaved rounds; median microseconds per call
// ---------------------------------------------------------------------------------------------

const IMPLEMENTATIONS = { 'filing-mcp core': coreFetch, 'official SDK (stateless)': sdkFetch };

/** Calls `fetchText` for at least `budgetMs` of wall time; microseconds per call. */
async function timeCalls(fetchText, operation, budgetMs) {
  const budget = BigInt(Math.round(budgetMs * 1e6));
  const start = process.hrtime.bigint();
  let calls = 0;
  let elapsed = 0n;
  // Bounded by the budget: every call takes time, so elapsed reaches it.
  while (elapsed < budget) {
    await fetchText(makeRequest(operation));
    calls++;
    elapsed = process.hrtime.bigint() - start;
  }
  return Number(elapsed) / 1000 / calls;
}

// Warm-up: long enough for the JIT to optimise both sides' hot paths.
for (const fetchText of Object.values(IMPLEMENTATIONS)) {
  for (const operation of Object.keys(BODIES)) await timeCalls(fetchText, operation, WARMUP_MS);
}

const samples = {};
for (let round = 0; round < ROUNDS; round++) {
  // Alternate who goes first so neither side always runs on a warmer (or more fragmented) heap.
  const order = Object.entries(IMPLEMENTATIONS);
  if (round % 2 === 1) order.reverse();
  for (const [name, fetchText] of order) {
    for (const operation of Object.keys(BODIES)) {
      const key = `${operation}\t${name}`;
      samples[key] ??= [];
      samples[key].push(await timeCalls(fetchText, operation, SAMPLE_MS));
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

console.log(
  `protocol micro-benchmark: node ${process.version}, 14 tools, ${ROUNDS} interleaved rounds of ${SAMPLE_MS} ms samples`,
);
console.log('operation\timplementation\tmedian us/call');
const [ours, theirs] = Object.keys(IMPLEMENTATIONS);
for (const operation of Object.keys(BODIES)) {
  const a = median(samples[`${operation}\t${ours}`]);
  const b = median(samples[`${operation}\t${theirs}`]);
  console.log(`${operation}\t${ours}\t${a.toFixed(1)}`);
  console.log(`${operation}\t${theirs}\t${b.toFixed(1)}`);
  console.log(`${operation}\tratio (SDK / core)\t${(b / a).toFixed(1)}x`);
}
