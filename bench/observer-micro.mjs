// Micro-benchmark of the telemetry cost with telemetry OFF: the @filing-mcp/protocol core
// with and without the OpenTelemetry message observer (createFilingTelemetry) while no SDK is
// registered, so @opentelemetry/api is a no-op. In-process (no HTTP, no database): tools/call of a
// small tool, alternating implementations every sample; the median over rounds discards bursts.
//
// Run: pnpm turbo run build --filter=@filing-mcp/filing-domain... && node bench/observer-micro.mjs
// Env: ROUNDS (default 21), SAMPLE_MS (default 100). TELEMETRY=1: with the OpenTelemetry Node SDK
// started as `serve` starts it (startTelemetry), exporting OTLP to a receiver in a child process, so
// that "observed" pays what a traced message costs (span, attributes, context, the duration
// histogram, the batch export) on top of "plain" (which still runs with the SDK's context manager).
import { spawn } from 'node:child_process';
import { createFilingTelemetry } from '@filing-mcp/filing-domain';
import { startTelemetry } from '@filing-mcp/node';
import { createMcpServer, defineTool } from '@filing-mcp/protocol';
import { z } from 'zod';

const ROUNDS = Number(process.env.ROUNDS ?? 21);
const SAMPLE_MS = Number(process.env.SAMPLE_MS ?? 100);

let telemetry;
let receiver;
if (process.env.TELEMETRY === '1') {
  receiver = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => s.end()); })` +
        `.listen(0, '127.0.0.1', function () { console.log(this.address().port); });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise((resolve) =>
    receiver.stdout.once('data', (chunk) => resolve(String(chunk).trim())),
  );
  telemetry = await startTelemetry({
    ...process.env,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_LOGS_EXPORTER: 'none',
  });
}

const tool = defineTool({
  name: 'get_filing',
  description: 'Returns a filing.',
  inputSchema: z.object({ id: z.string() }),
  handler: (args) => ({ id: args.id, llc_name: 'Northwind Holdings LLC', status: 'completed' }),
});
const options = {
  serverInfo: { name: 'micro', version: '1' },
  tools: [tool],
  authenticate: async () => ({ userId: 'u' }),
};
const plain = createMcpServer(options);
const observed = createMcpServer({
  ...options,
  observer: createFilingTelemetry({ toolNames: ['get_filing'], sensitiveTools: ['get_filing'] }).observer,
});
const body = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_filing', arguments: { id: 'f-1' } },
});
const headers = { 'content-type': 'application/json', authorization: 'Bearer nf_x' };

async function sample(server) {
  let calls = 0;
  const end = performance.now() + SAMPLE_MS;
  const start = performance.now();
  while (performance.now() < end) {
    const response = await server.fetch(new Request('http://h/mcp', { method: 'POST', headers, body }));
    await response.arrayBuffer();
    calls++;
  }
  return ((performance.now() - start) * 1000) / calls;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (let i = 0; i < 3; i++) {
  await sample(plain);
  await sample(observed);
}
const results = { plain: [], observed: [] };
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? ['plain', 'observed'] : ['observed', 'plain'];
  for (const name of order) results[name].push(await sample(name === 'plain' ? plain : observed));
}
const plainUs = median(results.plain);
const observedUs = median(results.observed);
await telemetry?.shutdown();
receiver?.kill();
console.log(
  JSON.stringify({
    telemetry: process.env.TELEMETRY === '1',
    plainMicrosecondsPerCall: Number(plainUs.toFixed(2)),
    observedMicrosecondsPerCall: Number(observedUs.toFixed(2)),
    observedOverPlain: Number((observedUs / plainUs).toFixed(3)),
  }),
);
