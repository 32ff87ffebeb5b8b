// The fixture server against the official SDK v2 over real loopback sockets: tools/list and
// resources/read on the 2026-07-28 wire (the requests of everything-micro.mjs, lib/everything-sdk.mjs),
// the light load generator (lib/net-load.mjs) in its own process on core 0, every server in its own process on core 1.
//
// - ours: examples/everything-server as its entry point serves it (startEverythingServer: the
//   MCP POSTs through @filing-mcp/node-http's fast bridge, the loopback Host/Origin allow list);
// - the SDK v2 (`@modelcontextprotocol/server` createMcpHandler, its McpServer factory run per
//   request, holding the same definitions) at each documented node:http setup, each guarded by the
//   SDK's own localhost Host/Origin checks as its docs say to mount it (ours checks both too):
//   `toNodeHandler` of @modelcontextprotocol/node ("Serve over HTTP", the documented plain node:http
//   mount) and `handler.fetch` on @hono/node-server's listener (the web-standard mount on Node, as
//   bench/servers/sdk2.mjs serves it). The ratio is taken against the faster of the two per
//   workload: the SDK at its best;
// - floor: node:http answering the fixture's own bytes with no MCP work: HTTP plus the harness.
//   The SDK's CPU per request over the floor's is the best ratio any server could show here.
//
// Measured per run: req/s (the load generator, as fast as it goes) and the server's CPU time per request
// (utime + stime of its process, every thread, from /proc/<pid>/stat), which varies much less than
// req/s on a shared machine. Servers are loaded one at a time, interleaved round by round; medians.
//
// Run: pnpm turbo run build --filter=@filing-mcp/bench... && pnpm --filter @filing-mcp/bench bench:everything-http
// Env: ROUNDS (5), SECONDS (3), WARMUP (2), CONNECTIONS (50), SERVERS (comma list of
// ours,sdk2-node,sdk2-hono,floor). Results: bench/results/everything-http-latest.{json,md} for a
// run with the defaults, bench/results/tmp/ otherwise.
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { cpuSecondsOf, hasTaskset, pinSelf, stopChild } from './lib/children.mjs';
import { OPERATIONS, operationBody, operationHeaders } from './lib/everything-sdk.mjs';
import {
  BENCH,
  fileStamp,
  LOAD_CORE,
  loadRunner,
  logger,
  saveResults,
  scratchFolder,
  startServer,
} from './lib/harness.mjs';
import { median } from './lib/summary.mjs';

const DEFAULTS = {
  ROUNDS: 5,
  SECONDS: 3,
  WARMUP: 2,
  CONNECTIONS: 50,
  SERVERS: 'ours,sdk2-node,sdk2-hono,floor',
};
const setting = (name) => process.env[name] ?? DEFAULTS[name];
const ROUNDS = Number(setting('ROUNDS'));
const SECONDS = Number(setting('SECONDS'));
const WARMUP = Number(setting('WARMUP'));
const CONNECTIONS = Number(setting('CONNECTIONS'));
const GOAL = 10;

const LABELS = {
  ours: 'everything-server (protocol + node-http)',
  'sdk2-node': 'SDK v2, toNodeHandler (@modelcontextprotocol/node)',
  'sdk2-hono': 'SDK v2, handler.fetch on @hono/node-server',
  floor: 'floor: node:http, fixed answer, no MCP work',
};
const serverNames = String(setting('SERVERS')).split(',').filter(Boolean);
for (const name of serverNames) if (!(name in LABELS)) throw new Error(`unknown server ${name}`);
const sdkNames = serverNames.filter((name) => name.startsWith('sdk2'));

const log = logger('everything-http');

const scratch = scratchFolder('everything-http');
const { runLoad } = loadRunner(scratch.path);
const startedAt = new Date().toISOString();
const loadAverageStart = loadavg();
const cores = availableParallelism();
pinSelf(LOAD_CORE);

function load(url, operation, duration) {
  const headers = operationHeaders(operation);
  const bodies = [operationBody(operation)];
  return runLoad({ url, headers, bodies, duration, connections: CONNECTIONS }, 'load generator');
}

/** One request by fetch: the server must answer the workload with a JSON-RPC result. */
async function probe(server, operation) {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: operationHeaders(operation),
    body: operationBody(operation),
  });
  const text = await response.text();
  if (response.status !== 200 || !text.includes('"result"')) {
    throw new Error(`${server.name} ${operation}: ${response.status} ${text.slice(0, 300)}`);
  }
}

const servers = [];
const samples = {};
try {
  for (const name of serverNames) {
    const args = [join(BENCH, 'servers', 'everything.mjs')];
    servers.push(await startServer(name, args, { path: '/mcp', env: { BENCH_EVERYTHING: name } }));
  }
  for (const operation of Object.keys(OPERATIONS)) {
    for (const server of servers) {
      await probe(server, operation);
      await load(server.url, operation, WARMUP);
      samples[`${operation}\t${server.name}`] = [];
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (let offset = 0; offset < servers.length; offset++) {
        const server = servers[(round + offset) % servers.length];
        const before = cpuSecondsOf(server.child.pid);
        const run = await load(server.url, operation, SECONDS);
        const cpuSeconds = cpuSecondsOf(server.child.pid) - before;
        if (run.non2xx + run.errors + run.timeouts > 0) {
          throw new Error(
            `${server.name} ${operation}: ${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts`,
          );
        }
        const cpuMicros = (cpuSeconds * 1e6) / run.status2xx;
        samples[`${operation}\t${server.name}`].push({ rps: run.requestsPerSecond, cpuMicros });
        log(
          `${operation} ${round + 1}/${ROUNDS} ${server.name}: ${Math.round(run.requestsPerSecond)} req/s, ` +
            `${cpuMicros.toFixed(0)} us CPU/req`,
        );
      }
    }
  }
} finally {
  for (const server of servers) await stopChild(server.child);
  scratch.remove();
}

const summary = {};
const lines = [];
for (const operation of Object.keys(OPERATIONS)) {
  const figures = {};
  for (const name of serverNames) {
    const runs = samples[`${operation}\t${name}`];
    figures[name] = {
      rps: median(runs.map((run) => run.rps)),
      cpuMicros: median(runs.map((run) => run.cpuMicros)),
    };
  }
  const entry = { servers: figures };
  for (const name of serverNames) {
    const { rps, cpuMicros } = figures[name];
    lines.push(`| ${operation} | ${LABELS[name]} | ${Math.round(rps)} | ${cpuMicros.toFixed(0)} |`);
  }
  if (figures.ours && sdkNames.length > 0) {
    // The SDK at its best: its faster setup, by each measure.
    const sdkRps = Math.max(...sdkNames.map((name) => figures[name].rps));
    const sdkCpu = Math.min(...sdkNames.map((name) => figures[name].cpuMicros));
    entry.ratioRps = figures.ours.rps / sdkRps;
    entry.ratioCpu = sdkCpu / figures.ours.cpuMicros;
    if (figures.floor) {
      entry.bestPossibleRps = figures.floor.rps / sdkRps;
      entry.bestPossibleCpu = sdkCpu / figures.floor.cpuMicros;
    }
  }
  summary[operation] = entry;
}

const ratioLines = [];
for (const [operation, entry] of Object.entries(summary)) {
  if (entry.ratioRps === undefined) continue;
  const met = (ratio) => (ratio >= GOAL ? 'met' : 'not met');
  ratioLines.push(
    `- ${operation}: ours / best SDK v2 setup: ${entry.ratioRps.toFixed(1)}x by req/s (goal ${GOAL}x, ${met(entry.ratioRps)}), ` +
      `${entry.ratioCpu.toFixed(1)}x by server CPU per request (${met(entry.ratioCpu)})`,
  );
  // Meaningful only when the floor leaves room: it says how far any server could get here.
  if (entry.bestPossibleRps !== undefined) {
    ratioLines.push(
      `  harness floor (no MCP work): ${entry.bestPossibleRps.toFixed(1)}x by req/s, ${entry.bestPossibleCpu.toFixed(1)}x by CPU is the best any server could show`,
    );
  }
}
const markdown =
  `everything-http: node ${process.version}, ${cores} cores, taskset ${hasTaskset ? 'yes' : 'no'}, load average ` +
  `${loadAverageStart.map((value) => value.toFixed(1)).join(' ')}; ${ROUNDS} interleaved rounds of ${SECONDS} s, ` +
  `${CONNECTIONS} connections, 2026-07-28 wire\n\n` +
  `| workload | server | req/s (median) | server CPU us/request (median) |\n|---|---|---|---|\n${lines.join('\n')}\n\n` +
  `${ratioLines.join('\n')}\n`;
process.stdout.write(`\n${markdown}`);

const results = {
  startedAt,
  finishedAt: new Date().toISOString(),
  options: { ROUNDS, SECONDS, WARMUP, CONNECTIONS, servers: serverNames },
  machine: { node: process.version, cores, taskset: hasTaskset, loadAverageStart, loadAverageEnd: loadavg() },
  labels: Object.fromEntries(serverNames.map((name) => [name, LABELS[name]])),
  summary,
  samples,
};
const defaults =
  ROUNDS === DEFAULTS.ROUNDS &&
  SECONDS === DEFAULTS.SECONDS &&
  WARMUP === DEFAULTS.WARMUP &&
  CONNECTIONS === DEFAULTS.CONNECTIONS &&
  serverNames.join(',') === DEFAULTS.SERVERS;
// Runs with other settings go to results/tmp/ (not committed); default runs replace the latest.
const dir = defaults ? join(BENCH, 'results') : join(BENCH, 'results', 'tmp');
const base = defaults ? 'everything-http-latest' : `everything-http-${fileStamp(startedAt)}`;
saveResults(dir, base, results, markdown);
process.exit(0);
