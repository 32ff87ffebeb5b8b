// `pnpm bench`: throughput (ceiling, official SDK, ours), cold starts and bundle sizes, and memory
// under load, in one run, interleaved round by round. See bench/README.md.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  cpuSecondsOf,
  hasTaskset,
  isShuttingDown,
  onShutdown,
  pinSelf,
  rssOf,
  stopChild,
} from './lib/children.mjs';
import { buildBundles, measureColdStarts } from './lib/cold-start.mjs';
import { databaseCpuMeter, pinDatabase, setUpDatabase } from './lib/database.mjs';
import {
  BENCH,
  cpuProfileFlags,
  fileStamp,
  LOAD_CORE,
  SERVER_CORE,
  loadRunner,
  logger,
  oursEnv,
  saveResults,
  scratchFolder,
  startServer,
} from './lib/harness.mjs';
import { measureMemory } from './lib/memory-phase.mjs';
import { usage } from './lib/usage.mjs';
import { judgeKeepUp, keepUpText, mergeLoadRuns, percent } from './lib/keep-up.mjs';
import { evaluateGoals, median, summarizeColdStart, summarizeWorkload, toMarkdown } from './lib/summary.mjs';
import { headersFor, probe, SERVERS, WORKLOADS } from './lib/workloads.mjs';

const PHASES = [...WORKLOADS.map((w) => w.name), 'memory', 'cold-start'];

const { values: flags } = parseArgs({
  // `pnpm --filter @filing-mcp/bench run bench -- --only ...` hands the `--` on: skip it.
  args: process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === '--')),
  options: {
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string' },
    warmup: { type: 'string' },
    only: { type: 'string', multiple: true },
    quick: { type: 'boolean', default: false },
    'memory-duration': { type: 'string' },
    'memory-rounds': { type: 'string' },
    'cold-runs': { type: 'string' },
    'db-pool': { type: 'string', default: '10' },
    filings: { type: 'string', default: '10000' },
    profile: { type: 'boolean', default: false },
    telemetry: { type: 'boolean', default: false },
    baseline: { type: 'string', multiple: true },
    generator: { type: 'string', default: 'net' },
    'database-core': { type: 'string', default: String(SERVER_CORE) },
    'server-processes': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (flags.help) {
  process.stdout.write(usage(PHASES));
  process.exit(0);
}

const positive = (value, name) => {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`--${name} must be a positive number`);
  return number;
};
const quick = flags.quick;
const options = {
  quick,
  duration: positive(flags.duration ?? (quick ? 2 : 10), 'duration'),
  connections: positive(flags.connections, 'connections'),
  rounds: positive(flags.rounds ?? (quick ? 2 : 3), 'rounds'),
  warmup: positive(flags.warmup ?? (quick ? 1 : 3), 'warmup'),
  memoryDuration: positive(flags['memory-duration'] ?? (quick ? 3 : 60), 'memory-duration'),
  memoryRounds: positive(flags['memory-rounds'] ?? (quick ? 2 : 3), 'memory-rounds'),
  coldRuns: positive(flags['cold-runs'] ?? (quick ? 2 : 15), 'cold-runs'),
  dbPool: positive(flags['db-pool'], 'db-pool'),
  filings: positive(flags.filings, 'filings'),
  profile: flags.profile,
  telemetry: flags.telemetry,
  baselines: (flags.baseline ?? []).map((dir) => resolve(dir)),
  only: (flags.only ?? []).flatMap((value) => value.split(',')).filter(Boolean),
  generator: flags.generator,
  databaseCore: flags['database-core'],
  serverProcesses: positive(flags['server-processes'] ?? 1, 'server-processes'),
};
if (!['net', 'autocannon'].includes(options.generator)) {
  throw new Error(`--generator ${options.generator}: expected net or autocannon`);
}
for (const phase of options.only) {
  if (!PHASES.includes(phase)) throw new Error(`--only ${phase}: expected one of ${PHASES.join(', ')}`);
}
const selected = (phase) => options.only.length === 0 || options.only.includes(phase);

const log = logger('bench');

const scratch = scratchFolder('filing-mcp-bench');
const { runLoads } = loadRunner(scratch.path);

const results = {
  startedAt: new Date().toISOString(),
  options,
  machine: {
    nproc: availableParallelism(),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    taskset: hasTaskset,
    loadAverageStart: loadavg(),
  },
  serverLabels: Object.fromEntries(Object.entries(SERVERS).map(([name, server]) => [name, server.label])),
  serverErrors: {},
  workloads: [],
  raw: {},
};
// After the machine is described: pinned, this process would see one core.
pinSelf(LOAD_CORE);

const running = new Map();

/** `--cpu-prof` for our servers when --profile is given: the profile is written when they exit. */
function profileFlags(name) {
  return options.profile && name.startsWith('ours') ? cpuProfileFlags(name) : [];
}

/**
 * Starts a server of SERVERS (once; later calls reuse it) pinned to the servers' core. `copy`: the
 * how-manieth process of that server (`--server-processes`), 0 for the first.
 */
async function server(name, env, copy = 0) {
  const key = copy === 0 ? name : `${name}#${copy + 1}`;
  if (running.has(key)) return running.get(key);
  const spec = SERVERS[name];
  const script = spec.script.startsWith('/') ? spec.script : join(BENCH, spec.script);
  const entry = await startServer(name, [...profileFlags(key.replace('#', '-')), script], {
    path: spec.path,
    env: { ...env, ...spec.env },
  });
  entry.key = key;
  running.set(key, entry);
  return entry;
}

/**
 * One load run against `url` by `processes` generator processes (the connections split between
 * them), each its own process on the load core; answers their runs merged (see `mergeLoadRuns`).
 */
async function load(url, headers, bodies, duration, { processes = 1, generator = options.generator } = {}) {
  const jobs = Array.from({ length: processes }, (_, index) => ({
    url,
    headers,
    bodies,
    duration,
    connections:
      Math.floor(options.connections / processes) + (index < options.connections % processes ? 1 : 0),
    generator,
  }));
  return mergeLoadRuns(await runLoads(jobs, `${generator} generator`));
}

/**
 * The keep-up check: the workload's fastest server (its ceiling, unless a server outran it) measured once
 * more by a second generator setup: one more process of the net generator (the connections split
 * between two), or with --generator autocannon the lighter net generator, between two runs of the
 * rounds' setup (one just before, one just after). Its figure must agree within 10% with the mean
 * of those two, which must agree with each other (else the server's rate moved and the check
 * cannot tell), and the generator must have had room on its core; otherwise the workload's ratios
 * may show the generator rather than the servers (see bench/README.md, "The generator").
 */
async function checkGeneratorKeepsUp(workload, measurements, ready, headers, bodies) {
  const fastest = ready
    .map((entry) => ({
      entry,
      median: median(measurements.runs[entry.name].map((r) => r.requestsPerSecond)),
    }))
    .sort((a, b) => b.median - a.median)[0];
  if (fastest === undefined) return undefined;
  const setup =
    options.generator === 'net'
      ? { processes: 2, generator: 'net', label: 'two net generator processes' }
      : { processes: 1, generator: 'net', label: 'the lighter net generator' };
  const url = fastest.entry.url;
  const before = await load(url, headers, bodies, options.duration);
  const run = await load(url, headers, bodies, options.duration, setup);
  const after = await load(url, headers, bodies, options.duration);
  const keepUp = judgeKeepUp(fastest.entry.name, measurements.runs[fastest.entry.name], run, setup.label, [
    before,
    after,
  ]);
  log(`${workload.name}: generator keeps up: ${keepUpText(keepUp, results.serverLabels)}`);
  return keepUp;
}

/**
 * The node:http ceiling must answer ours' bytes: the same body length and the same header lines.
 * A difference stops the run rather than skew the ratio (the ceiling captures ours' answer first).
 */
function sameAnswerAsOurs(workload, probes) {
  const ours = probes.ours;
  const ceiling = probes[workload.ceiling];
  if (workload.ceiling !== 'ceiling' || ours === undefined || ceiling === undefined) return;
  const lines = (probe) => [...probe.headers].sort().join(', ');
  if (ours.bytes !== ceiling.bytes || lines(ours) !== lines(ceiling)) {
    throw new Error(
      `${workload.name}: the ceiling does not answer ours' bytes: ${ceiling.bytes} bytes with ` +
        `${lines(ceiling)}, against ${ours.bytes} with ${lines(ours)}`,
    );
  }
}

async function throughput(workload, database, env) {
  const headers = headersFor(workload, database.apiKey);
  const bodies = workload.bodies(database);
  const measurements = { runs: {}, probes: {} };
  const errors = {};
  const ready = [];
  // With --server-processes N, N processes of each server, started in turns (every server's first,
  // then every server's second...), so that no server has only early or only late processes: the
  // same build runs about 4 us a tools/list apart from one process to another (see bench/README.md).
  for (let copy = 0; copy < options.serverProcesses; copy++) {
    for (const name of workload.servers) {
      if (errors[name] !== undefined) continue;
      try {
        const entry = await server(name, env, copy);
        const probed = await probe(entry.url, workload, headers, bodies[0], {
          earlierCommit: name.startsWith('ours@'),
        });
        measurements.probes[name] ??= {
          bytes: probed.bytes,
          headers: probed.headers.map(([header]) => header),
        };
        ready.push(entry);
        measurements.runs[name] ??= [];
      } catch (error) {
        errors[name] = String(error?.message ?? error);
        log(`${workload.name}: ${name} is not measured: ${errors[name]}`);
      }
    }
  }
  sameAnswerAsOurs(workload, measurements.probes);
  for (const entry of ready) {
    log(`${workload.name}: warming up ${entry.key} (${options.warmup} s)`);
    await load(entry.url, headers, bodies, options.warmup);
  }
  for (let round = 0; round < options.rounds; round++) {
    // A B C, B C A, ...: every server runs once per round, none always first.
    for (let offset = 0; offset < ready.length; offset++) {
      const entry = ready[(round + offset) % ready.length];
      const cpuBefore = cpuSecondsOf(entry.pid);
      const databaseCpu = workload.credential ? databaseCpuMeter(database) : undefined;
      const run = await load(entry.url, headers, bodies, options.duration);
      run.rssAfterBytes = rssOf(entry.pid);
      run.serverCpuUsPerRequest = ((cpuSecondsOf(entry.pid) - cpuBefore) * 1e6) / run.totalRequests;
      if (databaseCpu !== undefined) run.databaseCpuUsPerRequest = (databaseCpu() * 1e6) / run.totalRequests;
      measurements.runs[entry.name].push(run);
      log(
        `${workload.name} round ${round + 1}/${options.rounds} ${entry.key}: ${Math.round(run.requestsPerSecond)} req/s, ` +
          `p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms, generator busy ${percent(run.generatorBusy)}` +
          (run.non2xx + run.errors + run.timeouts ? `, ${run.non2xx} non-2xx ${run.errors} errors` : ''),
      );
    }
  }
  measurements.keepUp = await checkGeneratorKeepsUp(workload, measurements, ready, headers, bodies);
  results.serverErrors[workload.name] = errors;
  results.raw[workload.name] = measurements;
  results.workloads.push(summarizeWorkload(workload, measurements));
}

/**
 * Captures ours' tools/list result and header lines and its get_form_schema descriptor, so the
 * ceilings answer the same bytes.
 */
async function captureFixtures(database, env) {
  const ours = await server('ours', env);
  const capture = async (name) => {
    const workload = WORKLOADS.find((w) => w.name === name);
    return probe(ours.url, workload, headersFor(workload, database.apiKey), workload.bodies(database)[0]);
  };
  const listed = await capture('tools/list');
  const listedModern = await capture('tools/list 2026');
  const described = await capture('get_form_schema');
  const toolsListFile = join(scratch.path, 'tools-list-result.json');
  const modernToolsListFile = join(scratch.path, 'tools-list-2026-result.json');
  const formSchemaFile = join(scratch.path, 'form-schema.json');
  writeFileSync(toolsListFile, JSON.stringify(listed.result));
  writeFileSync(modernToolsListFile, JSON.stringify(listedModern.result));
  writeFileSync(formSchemaFile, JSON.stringify(described.result.structuredContent));
  const headersFile = join(scratch.path, 'tools-list-headers.json');
  writeFileSync(headersFile, JSON.stringify({ legacy: listed.headers, modern: listedModern.headers }));
  return {
    BENCH_FIXED_RESULT_FILE: toolsListFile,
    BENCH_FIXED_MODERN_RESULT_FILE: modernToolsListFile,
    BENCH_FIXED_HEADERS_FILE: headersFile,
    BENCH_FORM_SCHEMA_FILE: formSchemaFile,
  };
}

/** A local OTLP/HTTP receiver for --telemetry: reads each export and answers 200 (counts bodies). */
async function startOtlpReceiver() {
  let exports = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      exports++;
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${receiver.address().port}`,
    close: () =>
      new Promise((resolve) => {
        log(`OTLP receiver got ${exports} exports`);
        receiver.close(() => resolve());
      }),
  };
}

async function main() {
  log(
    `options ${JSON.stringify(options)}; ${results.machine.nproc} cores, taskset ${hasTaskset ? 'yes' : 'no'}; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  log(`starting PostgreSQL and seeding ${options.filings} filings`);
  const database = await setUpDatabase({ filingCount: options.filings });
  // The database beside the server under test (default), so the generator has its core to itself.
  if (options.databaseCore !== 'any') pinDatabase(database, Number(options.databaseCore));
  database.sessionSecret = randomBytes(32).toString('hex');
  onShutdown(() => database.stop());
  results.database = { source: database.source, filingCount: database.filingCount };
  const env = oursEnv(database, { pool: options.dbPool, sessionSecret: database.sessionSecret });
  if (options.telemetry) {
    const receiver = await startOtlpReceiver();
    onShutdown(() => receiver.close());
    env.BENCH_OTLP_ENDPOINT = receiver.url;
  }
  try {
    // Each --baseline: ours as built in that checkout, named after its directory.
    const baselineNames = options.baselines.map((dir) => {
      const name = `ours@${basename(dir)}`;
      SERVERS[name] = {
        ...SERVERS.ours,
        script: join(dir, 'bench', 'servers', 'ours.mjs'),
        label: `ours as built in ${dir}`,
      };
      results.serverLabels[name] = SERVERS[name].label;
      return name;
    });
    const workloads = WORKLOADS.filter((w) => selected(w.name)).map((w) => {
      const extra = [];
      if (options.telemetry && w.credential) extra.push('ours-otel');
      if (w.servers.includes('ours')) extra.push(...baselineNames);
      return extra.length === 0 ? w : { ...w, servers: [...w.servers, ...extra] };
    });
    if (workloads.length > 0) {
      Object.assign(env, await captureFixtures(database, env));
      for (const workload of workloads) await throughput(workload, database, env);
    }
    for (const entry of running.values()) await stopChild(entry.child);
    running.clear();
    // The memory and cold-start phases are no load test: PostgreSQL goes back to every core, as a
    // cold start meets it (pinned beside the cold process, it slowed the first authenticated call).
    if (options.databaseCore !== 'any') pinDatabase(database, 'all');
    if (selected('memory')) results.memory = await measureMemory({ database, env, options, load, log });
    if (selected('cold-start')) {
      log('bundling');
      const bundles = await buildBundles(options.baselines);
      log(`cold starts (${options.coldRuns} per bundle)`);
      const { samples, errors } = await measureColdStarts(bundles, { runs: options.coldRuns, database, log });
      results.coldStart = {
        bundles: bundles.map(({ file, ...rest }) => rest),
        summary: summarizeColdStart(samples),
        errors,
        samples,
      };
    }
  } finally {
    for (const entry of running.values()) await stopChild(entry.child);
    await database.stop();
  }
  results.machine.loadAverageEnd = loadavg();
  results.finishedAt = new Date().toISOString();
  results.goals = evaluateGoals(results);
  const markdown = toMarkdown(results);
  const dir = join(BENCH, 'results');
  const stamp = fileStamp(results.startedAt);
  const suffix = quick
    ? '-quick'
    : options.only.length
      ? `-only-${options.only.join('+').replaceAll('/', '_')}`
      : '';
  // Smoke and partial runs go to results/tmp/ (not committed); full runs stay beside latest.*.
  saveResults(suffix ? join(dir, 'tmp') : dir, `${stamp}${suffix}`, results);
  if (!quick && options.only.length === 0) saveResults(dir, 'latest', results, markdown);
  process.stdout.write(`\n${markdown}`);
  scratch.remove();
}

main().then(
  () => process.exit(0),
  (error) => {
    // On Ctrl-C the shutdown handler kills the children and exits on its own.
    if (isShuttingDown()) return;
    log(`failed: ${error?.stack ?? error}`);
    process.exit(1);
  },
);
