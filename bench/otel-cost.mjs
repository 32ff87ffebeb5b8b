// The telemetry cost, measured as server CPU time per request rather than req/s: on a shared
// machine the server's share of its core varies from second to second, its CPU time per request
// much less. Starts the benchmark database, then the servers named below (ours, ours with
// OpenTelemetry on, variants by environment), all pinned to the server core, and loads each in turn
// (interleaved, round by round) at the same concurrency; reads utime + stime of the server process
// (every thread: GC, OTLP export) from /proc before and after each run.
//
// Run: pnpm turbo run build --filter=@filing-mcp/node... && node bench/otel-cost.mjs
// Env: WORKLOADS (comma list, default get_filing), VARIANTS (comma list of the names below, default
// ours,ours-otel; `name:BENCH_SCRIPT=/other/checkout/bench/servers/ours.mjs` runs another build), ROUNDS (5), SECONDS (4), WARMUP (4), CONNECTIONS (50), RATE (a fixed
// arrival rate in req/s, steadier on a busy machine; as fast as possible without), NODE_BIN (the node of the servers),
// PROFILE=1 (--cpu-prof of every server into bench/results/profiles/).
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { cpuSecondsOf, onShutdown, pinSelf, stopChild } from './lib/children.mjs';
import { databaseCpuMeter, setUpDatabase } from './lib/database.mjs';
import {
  BENCH,
  cpuProfileFlags,
  LOAD_CORE,
  loadRunner,
  logger,
  oursEnv,
  scratchFolder,
  startServer,
} from './lib/harness.mjs';
import { median } from './lib/median.mjs';
import { headersFor, probe, WORKLOADS } from './lib/workloads.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SECONDS = Number(process.env.SECONDS ?? 4);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const WARMUP = Number(process.env.WARMUP ?? 4);
const RATE = process.env.RATE ? Number(process.env.RATE) : undefined;

// Each variant: the environment ours.mjs runs with (BENCH_TELEMETRY=1 is what `pnpm bench -- --telemetry` runs).
const OTEL = { BENCH_TELEMETRY: '1' };
const VARIANTS = {
  ours: {},
  'ours-otel': OTEL,
  // Traces only / metrics only: which half costs what.
  'otel-traces-only': { ...OTEL, OTEL_METRICS_EXPORTER: 'none' },
  'otel-metrics-only': { ...OTEL, OTEL_TRACES_EXPORTER: 'none' },
  // The node:http ceiling of `pnpm bench` (servers/ceiling.mjs), answering ours' tools/list bytes:
  // list it after an ours variant, whose answers it captures.
  ceiling: { script: 'ceiling.mjs' },
};
// A variant is a name above, or `label:NAME=value+NAME=value` (ours.mjs with that environment).
const variantNames = (process.env.VARIANTS ?? 'ours,ours-otel').split(',').filter(Boolean);
for (const [index, spec] of variantNames.entries()) {
  const colon = spec.indexOf(':');
  if (colon !== -1) {
    const name = spec.slice(0, colon);
    VARIANTS[name] = Object.fromEntries(
      spec
        .slice(colon + 1)
        .split('+')
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    variantNames[index] = name;
  } else if (!(spec in VARIANTS)) throw new Error(`unknown variant ${spec}`);
}
const workloadNames = (process.env.WORKLOADS ?? 'get_filing').split(',').filter(Boolean);
const workloads = workloadNames.map((name) => {
  const workload = WORKLOADS.find((w) => w.name === name);
  if (!workload) throw new Error(`unknown workload ${name}`);
  return workload;
});

const log = logger('otel-cost');

let receivedBytes = 0;
let exports = 0;
const receiver = createServer((request, response) => {
  request.on('data', (chunk) => {
    receivedBytes += chunk.length;
  });
  request.on('end', () => {
    exports++;
    response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
pinSelf(LOAD_CORE);

log('starting PostgreSQL');
const database = await setUpDatabase({ filingCount: 10_000 });
onShutdown(() => database.stop());
const scratch = scratchFolder('otel-cost');
const { runLoad } = loadRunner(scratch.path);
const env = {
  ...oursEnv(database),
  BENCH_OTLP_ENDPOINT: `http://127.0.0.1:${receiver.address().port}`,
};

const servers = [];
try {
  for (const name of variantNames) {
    // BENCH_SCRIPT=<path>: that server script instead (ours.mjs of another checkout, for an A/B).
    const { script = 'ours.mjs', BENCH_SCRIPT: scriptPath, ...variantEnv } = VARIANTS[name];
    if (script === 'ceiling.mjs') {
      if (servers.length === 0) throw new Error('list an ours variant before the ceiling');
      const headers = {};
      for (const [key, wire, workloadName] of [
        ['BENCH_FIXED_RESULT_FILE', 'legacy', 'tools/list'],
        ['BENCH_FIXED_MODERN_RESULT_FILE', 'modern', 'tools/list 2026'],
      ]) {
        const workload = WORKLOADS.find((w) => w.name === workloadName);
        const answer = await probe(
          servers[0].url,
          workload,
          headersFor(workload, database.apiKey),
          workload.bodies(database)[0],
        );
        variantEnv[key] = join(scratch.path, `${key}.json`);
        writeFileSync(variantEnv[key], JSON.stringify(answer.result));
        headers[wire] = answer.headers;
      }
      variantEnv.BENCH_FIXED_HEADERS_FILE = join(scratch.path, 'BENCH_FIXED_HEADERS_FILE.json');
      writeFileSync(variantEnv.BENCH_FIXED_HEADERS_FILE, JSON.stringify(headers));
    }
    const args = process.env.PROFILE === '1' ? cpuProfileFlags(name) : [];
    const server = await startServer(name, [...args, scriptPath ?? join(BENCH, 'servers', script)], {
      env: { ...env, ...variantEnv },
      node: process.env.NODE_BIN,
    });
    servers.push({ ...server, earlierCommit: scriptPath !== undefined });
  }
  const load = (url, headers, bodies, duration) =>
    runLoad({ url, headers, bodies, duration, connections: CONNECTIONS, overallRate: RATE });
  const table = [];
  for (const workload of workloads) {
    const headers = headersFor(workload, database.apiKey);
    const bodies = workload.bodies(database);
    const samples = Object.fromEntries(servers.map((s) => [s.name, []]));
    for (const server of servers) {
      const probed = await probe(server.url, workload, headers, bodies[0], {
        earlierCommit: server.earlierCommit,
      });
      log(`${workload.name} ${server.name}: ${probed.bytes} bytes an answer`);
      await load(server.url, headers, bodies, WARMUP);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (let offset = 0; offset < servers.length; offset++) {
        const server = servers[(round + offset) % servers.length];
        const before = cpuSecondsOf(server.pid);
        const databaseCpu = databaseCpuMeter(database);
        const run = await load(server.url, headers, bodies, SECONDS);
        const cpuSeconds = cpuSecondsOf(server.pid) - before;
        const dbSeconds = databaseCpu?.() ?? 0;
        const ok = run.status2xx;
        const micros = (cpuSeconds * 1e6) / ok;
        const dbMicros = (dbSeconds * 1e6) / ok;
        samples[server.name].push({ micros, dbMicros, rps: run.requestsPerSecond });
        log(
          `${workload.name} ${round + 1}/${ROUNDS} ${server.name}: ${micros.toFixed(0)} us CPU/req (PostgreSQL ${dbMicros.toFixed(0)}), ` +
            `${Math.round(run.requestsPerSecond)} req/s${run.non2xx + run.errors ? `, ${run.non2xx} non-2xx ${run.errors} errors` : ''}`,
        );
      }
    }
    const base = median(samples[servers[0].name].map((s) => s.micros));
    const baseLeast = Math.min(...samples[servers[0].name].map((s) => s.micros));
    for (const server of servers) {
      const micros = median(samples[server.name].map((s) => s.micros));
      const rps = median(samples[server.name].map((s) => s.rps));
      const least = Math.min(...samples[server.name].map((s) => s.micros));
      const most = Math.max(...samples[server.name].map((s) => s.micros));
      const db = median(samples[server.name].map((s) => s.dbMicros));
      const rpsList = samples[server.name].map((s) => s.rps);
      table.push(
        `| ${workload.name} | ${server.name} | ${micros.toFixed(0)} (${least.toFixed(0)}-${most.toFixed(0)}) | ${(base / micros).toFixed(2)}x | ${least.toFixed(0)} | ${(baseLeast / least).toFixed(2)}x | ${db.toFixed(0)} | ${Math.round(rps)} (${Math.round(Math.min(...rpsList))}-${Math.round(Math.max(...rpsList))}) |`,
      );
    }
  }
  process.stdout.write(
    `\nnode ${process.env.NODE_BIN ?? process.execPath}; ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections; ` +
      `receiver: ${exports} exports, ${(receivedBytes / 2 ** 20).toFixed(1)} MiB\n` +
      `| workload | server | CPU us/request (median, min-max) | ${servers[0].name} / it | CPU us/request (least) | ${servers[0].name} / it | PostgreSQL CPU us/request (median) | req/s (median, min-max) |\n|---|---|---|---|---|---|---|---|\n${table.join('\n')}\n`,
  );
} finally {
  for (const server of servers) await stopChild(server.child);
  await database.stop();
  receiver.close();
  scratch.remove();
}
process.exit(0);
