// Turns raw samples into medians, ratios, goal verdicts and the Markdown report.
import { AGREEMENT, BUSY_LIMIT, keepUpText, percent } from './keep-up.mjs';
import { median } from './median.mjs';

const known = (values) => values.filter((value) => value !== undefined && !Number.isNaN(value));

export { median };

function spread(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** Per server of a workload: req/s, p50, p99 as median and min-max over the rounds. */
export function summarizeWorkload(workload, measurements) {
  const servers = {};
  for (const [server, runs] of Object.entries(measurements.runs)) {
    if (runs.length === 0) continue;
    servers[server] = {
      requestsPerSecond: spread(runs.map((run) => run.requestsPerSecond)),
      p50Ms: spread(runs.map((run) => run.latencyMs.p50)),
      p99Ms: spread(runs.map((run) => run.latencyMs.p99)),
      rssAfterRoundBytes: runs.map((run) => run.rssAfterBytes),
      failedRequests: runs.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
      responseBytes: measurements.probes[server]?.bytes,
      // CPU time a request (us, median of the rounds): the server process, and PostgreSQL's.
      serverCpuUs: median(known(runs.map((run) => run.serverCpuUsPerRequest))),
      databaseCpuUs: median(known(runs.map((run) => run.databaseCpuUsPerRequest))),
    };
  }
  const rps = (name) => servers[name]?.requestsPerSecond.median;
  for (const [name, server] of Object.entries(servers)) {
    server.ratioToCeiling = rps(workload.ceiling)
      ? server.requestsPerSecond.median / rps(workload.ceiling)
      : undefined;
    server.ratioToSdk = rps('sdk') ? server.requestsPerSecond.median / rps('sdk') : undefined;
    server.ratioToOurs = rps('ours') ? server.requestsPerSecond.median / rps('ours') : undefined;
    server.ratioToSdk2 = rps('sdk2') ? server.requestsPerSecond.median / rps('sdk2') : undefined;
    server.p99OverP50 = server.p50Ms.median ? server.p99Ms.median / server.p50Ms.median : undefined;
    if (name === workload.ceiling) server.isCeiling = true;
  }
  return {
    name: workload.name,
    description: workload.description,
    ceiling: workload.ceiling,
    servers,
    keepUp: measurements.keepUp,
  };
}

/** The goals of bench/README.md, each with the measured value and whether it is met (undefined: not measured). */
export function evaluateGoals(results) {
  const goals = [];
  const workload = (name) => results.workloads.find((w) => w.name === name)?.servers;
  // `notes`: `ceilingReach`, what the node:http ceiling itself shows on the same measure when it
  // falls short of the target too (then no server could meet the goal in this run); `rangesOverlap`;
  // `workload`, the throughput workload the goal reads.
  const add = (goal, measured, target, met, notes = {}) => {
    // A workload whose generator did not keep up counts for no goal (the ratios may
    // show the generator's limit, not the servers'); its rows say so instead of yes or NO.
    const keepUp = results.workloads.find((w) => w.name === notes.workload)?.keepUp;
    const generatorLimited = keepUp !== undefined && !keepUp.ok;
    // The check could not tell (the server's rate moved around it): not counted either, said so.
    const unsteady = generatorLimited && keepUp.moved === true && keepUp.roomy && keepUp.check.failed === 0;
    goals.push({
      goal,
      measured,
      target,
      met: measured === undefined || generatorLimited ? undefined : met,
      ...notes,
      ...(generatorLimited && measured !== undefined && { generatorLimited: true }),
      ...(unsteady && measured !== undefined && { rateMoved: true }),
    });
  };
  const shortOf = (value, target) => (value !== undefined && value < target ? value : undefined);

  for (const name of ['tools/list', 'tools/list 2026']) {
    const list = workload(name);
    add(
      `${name}: ours / node:http ceiling (same bytes)`,
      list?.ours?.ratioToCeiling,
      '>= 0.8',
      list?.ours?.ratioToCeiling >= 0.8,
      { workload: name },
    );
    // The ceiling does strictly less work than any MCP server, so its own ratio to an SDK is the
    // most any server could show in this run: printed beside the goal, so a goal above it reads as
    // out of reach on this machine rather than as a shortfall of ours.
    if (name === 'tools/list') {
      add(`${name}: ours / official SDK v1`, list?.ours?.ratioToSdk, '>= 15', list?.ours?.ratioToSdk >= 15, {
        ceilingReach: shortOf(list?.ceiling?.ratioToSdk, 15),
        workload: name,
      });
    }
    add(`${name}: ours / official SDK v2`, list?.ours?.ratioToSdk2, '>= 15', list?.ours?.ratioToSdk2 >= 15, {
      ceilingReach: shortOf(list?.ceiling?.ratioToSdk2, 15),
      workload: name,
    });
  }
  for (const name of ['get_form_schema', 'get_filing', 'get_filing 2026']) {
    const servers = workload(name);
    add(
      `${name}: ours / database ceiling`,
      servers?.ours?.ratioToCeiling,
      '>= 0.7',
      servers?.ours?.ratioToCeiling >= 0.7,
      { workload: name },
    );
    add(`${name}: ours p99 / p50`, servers?.ours?.p99OverP50, '<= 4', servers?.ours?.p99OverP50 <= 4, {
      workload: name,
    });
  }
  // Telemetry: with OpenTelemetry on (--telemetry), credentialed workloads keep >= 0.85x of ours.
  for (const { name, servers } of results.workloads) {
    const otel = servers['ours-otel'];
    if (otel === undefined) continue;
    add(`${name}: ours with OpenTelemetry / ours`, otel.ratioToOurs, '>= 0.85', otel.ratioToOurs >= 0.85, {
      workload: name,
    });
  }
  // --baseline: ours now against ours as built from each earlier commit (ours@<dir>), in the same rounds.
  for (const { name, servers } of results.workloads) {
    if (servers.ours === undefined) continue;
    for (const [key, baseline] of Object.entries(servers)) {
      if (!key.startsWith('ours@') || baseline.requestsPerSecond === undefined) continue;
      const ours = servers.ours.requestsPerSecond;
      const before = baseline.requestsPerSecond;
      const ratio = ours.median / before.median;
      // Medians decide; when the two builds' round-by-round ranges overlap, the row says so, since a
      // few rounds on a shared machine can swap two equal builds (check with more rounds side by side).
      add(`${name}: ours / ${key}`, ratio, '>= 0.95', ratio >= 0.95, {
        rangesOverlap: ours.max >= before.min && before.max >= ours.min,
        workload: name,
      });
    }
  }
  const bundle = (name) => results.coldStart?.bundles.find((b) => b.name === name);
  const ours = bundle('ours');
  add('Lambda bundle, minified', ours?.minifiedBytes, '<= 256 KB', ours?.minifiedBytes <= 256 * 1024);
  const sdkBytes = bundle('sdk-handler')?.minifiedBytes;
  const bundleRatio = ours?.minifiedBytes && sdkBytes ? ours.minifiedBytes / sdkBytes : undefined;
  add('Lambda bundle / SDK bundle', bundleRatio, '<= 1/3', bundleRatio <= 1 / 3);
  const cold = results.coldStart?.summary;
  const coldRatio =
    cold?.ours?.initializeMs.median && cold?.['minimal-handler']?.initializeMs.median
      ? cold.ours.initializeMs.median / cold['minimal-handler'].initializeMs.median
      : undefined;
  add('cold start to first answer: ours / minimal', coldRatio, '<= 1.25', coldRatio <= 1.25);
  // Lambda: both cold-start ratios and the split bundle's two sizes.
  const toolCallRatio =
    cold?.ours?.toolCallMs.median && cold?.['minimal-handler']?.toolCallMs.median
      ? cold.ours.toolCallMs.median / cold['minimal-handler'].toolCallMs.median
      : undefined;
  add('cold start to initialize: ours / minimal', coldRatio, '<= 1.2', coldRatio <= 1.2);
  add(
    'cold start to first authenticated tools/call: ours / minimal',
    toolCallRatio,
    '<= 1.4',
    toolCallRatio <= 1.4,
  );
  add(
    'Lambda bundle, loaded before initialize',
    ours?.startupBytes,
    '<= 150 KB',
    ours?.startupBytes <= 150 * 1024,
  );
  add(
    'Lambda bundle, all the handler can load',
    ours?.minifiedBytes,
    '<= 400 KB',
    ours?.minifiedBytes <= 400 * 1024,
  );
  const memory = results.memory;
  add(
    'RSS growth, first to last round after load',
    memory?.growthBytes,
    '<= 10% of first round',
    memory?.stable,
  );
  add(
    'heap after GC growth, first to last round after load',
    memory?.heapGrowthBytes,
    '<= 10% of first round',
    memory?.heapStable,
  );
  return goals;
}

/** Cold-start samples as median and min-max per bundle. */
export function summarizeColdStart(samples) {
  const summary = {};
  for (const [name, runs] of Object.entries(samples)) {
    if (runs.length === 0) continue;
    summary[name] = {
      runs: runs.length,
      importMs: spread(runs.map((run) => run.importMs)),
      initializeMs: spread(runs.map((run) => run.initializeMs)),
      toolCallMs: spread(runs.map((run) => run.toolCallMs)),
    };
  }
  return summary;
}

const fixed = (value, digits = 0) =>
  value === undefined || Number.isNaN(value) ? 'n/a' : value.toFixed(digits);
const thousands = (value) => (value === undefined ? 'n/a' : Math.round(value).toLocaleString('en-US'));
const kb = (bytes) => (bytes === undefined ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB`);
const mb = (bytes) => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const range = (s, format) => `${format(s.median)} (${format(s.min)}-${format(s.max)})`;

function formatGoal(goal) {
  if (goal.measured === undefined) return 'n/a';
  if (goal.goal.startsWith('Lambda bundle,')) return kb(goal.measured);
  if (goal.goal.startsWith('RSS') || goal.goal.startsWith('heap'))
    return `${goal.measured >= 0 ? '+' : ''}${mb(goal.measured)}`;
  return `${fixed(goal.measured, 2)}x`;
}

/** The Markdown report: machine, throughput table, cold starts and bundles, memory, goals. */
export function toMarkdown(results) {
  const { machine, options } = results;
  const lines = [];
  lines.push(
    `Run ${results.startedAt}${options.quick ? ' (--quick smoke run: numbers are not meaningful)' : ''}.`,
  );
  lines.push(
    `Machine: ${machine.nproc} cores, ${machine.cpuModel}, Node ${machine.node}, ${machine.platform}; ` +
      `servers pinned to core 1 and the load generator (${options.generator ?? 'autocannon'}) to core 0: ${machine.taskset ? 'yes' : 'no (taskset missing)'}; ` +
      `load average ${machine.loadAverageStart.map((l) => l.toFixed(2)).join(' ')} at start, ` +
      `${machine.loadAverageEnd?.map((l) => l.toFixed(2)).join(' ')} at end.`,
  );
  lines.push(
    `Settings: ${options.connections} connections, ${options.rounds} interleaved rounds of ${options.duration} s ` +
      `per server (after ${options.warmup} s warm-up); medians with min-max over the rounds. ` +
      `PostgreSQL ${results.database?.source ?? 'n/a'} (${options.databaseCore === undefined || options.databaseCore === 'any' ? 'unpinned' : `pinned to core ${options.databaseCore} for the throughput rounds`}), ${results.database?.filingCount ?? 'n/a'} filings, pools of ${options.dbPool}.`,
  );
  lines.push('');
  if (results.workloads.length > 0) {
    lines.push(
      '| Workload | Server | req/s | p50 ms | p99 ms | x ceiling | x SDK v1 | x SDK v2 | CPU us/req (server, PostgreSQL) | failed |',
    );
    lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const workload of results.workloads) {
      for (const [name, server] of Object.entries(workload.servers)) {
        lines.push(
          `| ${workload.name} | ${results.serverLabels[name] ?? name} | ${range(server.requestsPerSecond, thousands)} | ` +
            `${fixed(server.p50Ms.median)} | ${fixed(server.p99Ms.median)} | ` +
            `${server.isCeiling ? '1.00' : fixed(server.ratioToCeiling, 2)} | ${fixed(server.ratioToSdk, 2)} | ` +
            `${fixed(server.ratioToSdk2, 2)} | ` +
            `${fixed(server.serverCpuUs, 0)}${server.databaseCpuUs > 0 ? `, ${fixed(server.databaseCpuUs, 0)}` : ''} | ` +
            `${server.failedRequests} |`,
        );
      }
      for (const [name, error] of Object.entries(results.serverErrors[workload.name] ?? {})) {
        lines.push(
          `| ${workload.name} | ${results.serverLabels[name] ?? name} | not measured: ${error.slice(0, 120)} | | | | | | | |`,
        );
      }
    }
    lines.push('');
    lines.push(
      `Generator keeps up: each workload's fastest server measured once more with one more ` +
        `generator process (or, with --generator autocannon, the lighter net generator), between two ` +
        `runs with the rounds' generator just before and after; the check must agree within ` +
        `${percent(AGREEMENT)} with their mean, and they with each other, and the generator may ` +
        `have been busy at most ${percent(BUSY_LIMIT)} of its core in the rounds. Goals of a workload where ` +
        `it did not keep up are not counted.`,
    );
    lines.push('');
    for (const workload of results.workloads) {
      lines.push(
        `- generator keeps up, ${workload.name}: ${keepUpText(workload.keepUp, results.serverLabels)}`,
      );
    }
    lines.push('');
  }
  if (results.coldStart) {
    lines.push(
      '| Bundle | minified | gzipped | cold start to initialize, ms | to first authenticated tools/call, ms |',
    );
    lines.push('| --- | ---: | ---: | ---: | ---: |');
    for (const bundle of results.coldStart.bundles) {
      const cold = results.coldStart.summary[bundle.name];
      const error = bundle.error ?? results.coldStart.errors[bundle.name];
      lines.push(
        `| ${bundle.label} | ${kb(bundle.minifiedBytes)} | ${kb(bundle.gzippedBytes)} | ` +
          `${cold ? range(cold.initializeMs, (v) => fixed(v)) : 'n/a'} | ${cold ? range(cold.toolCallMs, (v) => fixed(v)) : 'n/a'} |` +
          (error ? ` <!-- ${error.replaceAll('--', '- -').slice(0, 200)} -->` : ''),
      );
    }
    lines.push('');
    lines.push(...coldStartDetails(results.coldStart));
  }
  if (results.memory) {
    const memory = results.memory;
    lines.push(
      `Memory (ours, get_filing at ${options.connections} connections, ${memory.rounds.length} rounds of ${options.memoryDuration} s): ` +
        `RSS before ${mb(memory.beforeBytes)}; per round during (max) / after: ` +
        memory.rounds.map((round) => `${mb(round.duringMaxBytes)} / ${mb(round.afterBytes)}`).join(', ') +
        `; ${memory.stable ? 'no growth from round to round' : 'GROWS from round to round'}. ` +
        (memory.heapBeforeBytes === undefined
          ? ''
          : `Heap after GC before ${mb(memory.heapBeforeBytes)}; after each round: ` +
            memory.rounds.map((round) => mb(round.heapAfterBytes)).join(', ') +
            `; ${memory.heapStable ? 'no growth' : 'GROWS'}.`),
    );
    lines.push('');
  }
  lines.push('| Goal | Measured | Target | Met |');
  lines.push('| --- | ---: | ---: | --- |');
  for (const goal of results.goals) {
    const met = goal.rateMoved
      ? 'not counted (rate moved during the keep-up check)'
      : goal.generatorLimited
        ? 'not counted (generator limited)'
        : goal.met === undefined
          ? 'not measured'
          : goal.met
            ? 'yes'
            : 'NO';
    const reach =
      goal.ceilingReach === undefined || goal.met !== false
        ? ''
        : ` (out of reach: the node:http ceiling itself shows ${fixed(goal.ceilingReach, 2)}x)`;
    const overlap = goal.rangesOverlap && goal.met === false ? ' (the min-max ranges overlap)' : '';
    lines.push(`| ${goal.goal} | ${formatGoal(goal)} | ${goal.target} | ${met}${reach}${overlap} |`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The starts in a clean, Lambda-like environment (what ours adds over the minimal
 * handler, in ms) and what each dependency and package contributes to our split bundle.
 */
function coldStartDetails(coldStart) {
  const lines = [];
  const ours = coldStart.summary['ours:clean-env'];
  const minimal = coldStart.summary['minimal-handler:clean-env'];
  if (ours && minimal) {
    lines.push(
      `Clean, Lambda-like environment (only PATH, HOME and the handler's settings, as \`env -i\`; no NODE_EXTRA_CA_CERTS), ` +
        `medians of ${ours.runs} starts: minimal handler ${fixed(minimal.initializeMs.median)} ms to initialize and ` +
        `${fixed(minimal.toolCallMs.median)} ms to the first tools/call; ours adds ` +
        `${fixed(ours.initializeMs.median - minimal.initializeMs.median)} ms to initialize ` +
        `(${fixed(ours.initializeMs.median / minimal.initializeMs.median, 2)}x) and ` +
        `${fixed(ours.toolCallMs.median - minimal.toolCallMs.median)} ms to the first tools/call ` +
        `(${fixed(ours.toolCallMs.median / minimal.toolCallMs.median, 2)}x).`,
    );
    lines.push('');
  }
  // Each --baseline's bundle, started in the same rounds: its ratios beside ours'.
  for (const env of ['', ':clean-env']) {
    const minimalRuns = coldStart.summary[`minimal-handler${env}`];
    const builds = Object.keys(coldStart.summary).filter(
      (name) => name.startsWith('ours') && name.endsWith(env) && (env !== '' || !name.endsWith(':clean-env')),
    );
    if (!minimalRuns || !builds.some((name) => name.startsWith('ours@'))) continue;
    lines.push(
      `Side by side${env && ', clean environment'} (medians of the same rounds, / the minimal handler): ` +
        builds
          .map((name) => {
            const s = coldStart.summary[name];
            return (
              `${name} ${fixed(s.initializeMs.median)} ms to initialize (${fixed(s.initializeMs.median / minimalRuns.initializeMs.median, 2)}x), ` +
              `${fixed(s.toolCallMs.median)} ms to the first tools/call (${fixed(s.toolCallMs.median / minimalRuns.toolCallMs.median, 2)}x)`
            );
          })
          .join('; ') +
        '.',
    );
    lines.push('');
  }
  const floor = coldStart.summary['floor-handler'];
  const minimalHere = coldStart.summary['minimal-handler'];
  const oursHere = coldStart.summary.ours;
  const floorBundle = coldStart.bundles.find((b) => b.name === 'floor-handler');
  if (floor && minimalHere && oursHere && floorBundle?.minifiedBytes) {
    lines.push(
      `Floor of the first authenticated tools/call with zod, Kysely and pg (cold/floor-handler.mjs, ` +
        `${kb(floorBundle.minifiedBytes)}: one key lookup on a new connection, one small schema parsed; nothing else): ` +
        `${fixed(floor.toolCallMs.median)} ms, ${fixed(floor.toolCallMs.median / minimalHere.toolCallMs.median, 2)}x the minimal handler; ` +
        `ours is ${fixed(oursHere.toolCallMs.median / floor.toolCallMs.median, 2)}x the floor.`,
    );
    lines.push('');
  }
  const bundle = coldStart.bundles.find((b) => b.name === 'ours');
  if (bundle?.contributions) {
    const list = (packages) =>
      packages
        .filter(([, bytes]) => bytes >= 512)
        .map(([name, bytes]) => `${name} ${kb(bytes)}`)
        .join(', ');
    lines.push(
      `Our Lambda bundle (esbuild metafile), before initialize ${kb(bundle.startupBytes)} ` +
        `(${kb(bundle.startupGzippedBytes)} gzipped): ${list(bundle.contributions.startup)}.`,
    );
    lines.push('');
    lines.push(
      `Everything the handler can load, ${kb(bundle.minifiedBytes)}: ${list(bundle.contributions.all)}.`,
    );
    lines.push('');
  }
  return lines;
}
