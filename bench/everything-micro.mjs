// Micro-benchmark: in-process tools/list and resources/read (no HTTP, no sockets) on the 2026-07-28
// wire, for the fixture server built on @filing-mcp/protocol (examples/everything-server) against
// the official SDK v2 (@modelcontextprotocol/server createMcpHandler, its McpServer factory run per
// request as the stateless handler does) serving the same definitions: the same tool names,
// descriptions and zod input schemas, the same resources and prompts. Each measured call builds a
// Request, calls fetch and reads the whole body.
//
// Run: pnpm turbo run build --filter=@filing-mcp/example-everything-server... && pnpm --filter @filing-mcp/bench bench:everything
// Env: ROUNDS (default 21), SAMPLE_MS (default 60). Numbers on a shared machine are noisy; the
// interleaved rounds and the median keep bursts from deciding the ratio.

import { createEverythingServer } from '@filing-mcp/example-everything-server';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { buildSdkServer, OPERATIONS, operationBody, operationHeaders } from './lib/everything-sdk.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 21);
const SAMPLE_MS = Number(process.env.SAMPLE_MS ?? 60);
const WARMUP_MS = 1500;

function makeRequest(operation) {
  return new Request('http://localhost/mcp', {
    method: 'POST',
    headers: operationHeaders(operation),
    body: operationBody(operation),
  });
}

const ours = createEverythingServer();
const sdk = createMcpHandler(buildSdkServer);

// The harness alone: a handler that reads the request and answers ours' bytes for the operation
// with no work at all. Every implementation pays this (a Request built, its body read, a Response
// built and read), so the SDK's time divided by it is the best ratio any server could show here.
const fixedAnswers = {};
for (const operation of Object.keys(OPERATIONS)) {
  fixedAnswers[operation] = new Uint8Array(await (await ours.fetch(makeRequest(operation))).arrayBuffer());
}
const FLOOR_HEADERS = { 'content-type': 'application/json' };

const IMPLEMENTATIONS = {
  'everything-server (protocol)': (request) => ours.fetch(request),
  'SDK v2 createMcpHandler': (request) => sdk.fetch(request),
  'harness floor (no server)': async (request) => {
    const operation = request.headers.get('mcp-method');
    await request.text();
    return new Response(fixedAnswers[operation], { status: 200, headers: FLOOR_HEADERS });
  },
};

// The two must answer the same thing before their speed means anything.
for (const operation of Object.keys(OPERATIONS)) {
  for (const [name, fetch] of Object.entries(IMPLEMENTATIONS)) {
    const response = await fetch(makeRequest(operation));
    const text = await response.text();
    if (response.status !== 200 || !text.includes('"result"')) {
      throw new Error(`${name} ${operation}: ${response.status} ${text.slice(0, 300)}`);
    }
  }
}

async function timeCalls(fetch, operation, budgetMs) {
  const budget = BigInt(Math.round(budgetMs * 1e6));
  const start = process.hrtime.bigint();
  let calls = 0;
  let elapsed = 0n;
  while (elapsed < budget) {
    await (await fetch(makeRequest(operation))).text();
    calls++;
    elapsed = process.hrtime.bigint() - start;
  }
  return Number(elapsed) / 1000 / calls;
}

for (const fetch of Object.values(IMPLEMENTATIONS)) {
  for (const operation of Object.keys(OPERATIONS)) await timeCalls(fetch, operation, WARMUP_MS);
}
const samples = {};
for (let round = 0; round < ROUNDS; round++) {
  const order = Object.entries(IMPLEMENTATIONS);
  if (round % 2 === 1) order.reverse();
  for (const [name, fetch] of order) {
    for (const operation of Object.keys(OPERATIONS)) {
      const key = `${operation}\t${name}`;
      samples[key] ??= [];
      samples[key].push(await timeCalls(fetch, operation, SAMPLE_MS));
    }
  }
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
console.log(
  `everything micro-benchmark: node ${process.version}, ${ROUNDS} interleaved rounds of ${SAMPLE_MS} ms samples`,
);
console.log('operation\timplementation\tmedian us/call');
const [a, b, c] = Object.keys(IMPLEMENTATIONS);
for (const operation of Object.keys(OPERATIONS)) {
  const oursUs = median(samples[`${operation}\t${a}`]);
  const theirsUs = median(samples[`${operation}\t${b}`]);
  const floorUs = median(samples[`${operation}\t${c}`]);
  console.log(`${operation}\t${a}\t${oursUs.toFixed(1)}`);
  console.log(`${operation}\t${b}\t${theirsUs.toFixed(1)}`);
  console.log(`${operation}\t${c}\t${floorUs.toFixed(1)}`);
  console.log(`${operation}\tratio (SDK v2 / ours)\t${(theirsUs / oursUs).toFixed(1)}x`);
  console.log(`${operation}\tbest possible ratio (SDK v2 / floor)\t${(theirsUs / floorUs).toFixed(1)}x`);
  // Above the floor: the servers' own work, what the harness does not decide.
  const oursWork = Math.max(oursUs - floorUs, 0.1);
  console.log(
    `${operation}\tserver work above the floor: ours ${oursWork.toFixed(1)} us, SDK v2 ${(theirsUs - floorUs).toFixed(1)} us, ratio ${((theirsUs - floorUs) / oursWork).toFixed(1)}x`,
  );
}
