// The soak run: ten minutes (SOAK_MINUTES) of mixed calls against ours (the Node adapter on a
// throwaway PostgreSQL), the workloads of `pnpm bench` in turn, 5 s each, at 10 connections, the
// server pinned to core 1 and the generator to core 0. Every 30 s the server reports its memory
// after two full garbage collections (--expose-gc; servers/memory-report.mjs answers SIGUSR2),
// so the figures are what stays alive. Memory is flat when the heap after GC at every later sample
// stays within 2 MiB of its figure at the end of the second minute (the first minute is warm-up:
// code compiles, pools and caches fill).
//
// Besides the workloads, two segments bring inputs that differ from call to call, where a cache
// without a bound would grow: get_filing with 2,000 API keys (SOAK_KEYS) in turn, each with its
// own request id, and tools/call with 2,000 unknown keys (answered 401, as they must be).
//
// Run: pnpm turbo run build --filter=@filing-mcp/node... && node bench/soak.mjs
// Env: SOAK_MINUTES (10), SOAK_CONNECTIONS (10), SOAK_KEYS (2000), BENCH_SCRIPT (another checkout's servers/ours.mjs).
// Writes results/soak-<time>.json and prints a table by minute.
import { join } from 'node:path';
import { createApiKey } from '@filing-mcp/filing-domain';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { onShutdown, pinSelf, rssOf, stopChild } from './lib/children.mjs';
import { BENCH_USER, setUpDatabase } from './lib/database.mjs';
import {
  BENCH,
  fileStamp,
  LOAD_CORE,
  loadRunner,
  logger,
  memoryAfterGc,
  oursEnv,
  saveResults,
  scratchFolder,
  startMemoryReporting,
} from './lib/harness.mjs';
import { headersFor, probe, WORKLOADS } from './lib/workloads.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 10);
const SEGMENT_SECONDS = 5;
const SAMPLE_MS = 30_000;
const FLAT_BYTES = 2 * 2 ** 20;
const MiB = (bytes) => (bytes / 2 ** 20).toFixed(1);
const log = logger('soak');

pinSelf(LOAD_CORE);
log('starting PostgreSQL');
const database = await setUpDatabase({ filingCount: 10_000 });
onShutdown(() => database.stop());
const KEYS = Number(process.env.SOAK_KEYS ?? 2000);
log(`creating ${KEYS} API keys`);
const keys = await (async () => {
  const db = new Kysely({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 4 }) }),
  });
  try {
    const made = [];
    for (let i = 0; i < KEYS; i += 50) {
      const batch = Array.from({ length: Math.min(50, KEYS - i) }, (_, j) =>
        createApiKey(db, { userId: BENCH_USER, name: `soak ${i + j}` }),
      );
      for (const { key } of await Promise.all(batch)) made.push(key);
    }
    return made;
  } finally {
    await db.destroy();
  }
})();
const scratch = scratchFolder('soak');
const { runLoad } = loadRunner(scratch.path);
const samples = [];
let server;
try {
  const script = process.env.BENCH_SCRIPT ?? join(BENCH, 'servers', 'ours.mjs');
  server = await startMemoryReporting('ours', script, { env: oursEnv(database) });
  const { url } = server;
  const jobs = WORKLOADS.map((workload) => {
    const headers = headersFor(workload, database.apiKey);
    return { workload, headers, bodies: workload.bodies(database) };
  });
  for (const { workload, headers, bodies } of jobs) await probe(url, workload, headers, bodies[0]);
  // Distinct inputs: every request its own credential and request id.
  const getFiling = jobs.find((job) => job.workload.name === 'get_filing');
  const unknownKey = (i) => `nf_${i.toString(16).padStart(8, '0')}${'0'.repeat(56)}`;
  jobs.push(
    {
      workload: { name: 'get_filing, 2,000 keys' },
      headers: getFiling.headers,
      bodies: keys.map((key, i) => ({
        headers: { authorization: `Bearer ${key}`, 'x-request-id': `soak-${i}` },
        body: getFiling.bodies[i % getFiling.bodies.length],
      })),
    },
    {
      workload: { name: 'unknown keys (401)' },
      expectedStatus: 401,
      headers: getFiling.headers,
      bodies: keys.map((_, i) => ({
        headers: { authorization: `Bearer ${unknownKey(i)}`, 'x-request-id': `soak-unknown-${i}` },
        body: getFiling.bodies[0],
      })),
    },
  );

  const sample = async (elapsedMs) => {
    const memory = await memoryAfterGc(server);
    samples.push({ elapsedMs, rssBytes: rssOf(server.pid), ...memory });
    const s = samples.at(-1);
    log(
      `${(elapsedMs / 60_000).toFixed(1)} min: heap after GC ${MiB(s.heapUsed)} MiB, external ${MiB(s.external)} MiB, RSS ${MiB(s.rssBytes)} MiB`,
    );
  };
  const counts = Object.fromEntries(jobs.map((job) => [job.workload.name, { requests: 0, failed: 0 }]));
  const start = Date.now();
  await sample(0);
  let nextSample = SAMPLE_MS;
  for (let segment = 0; Date.now() - start < MINUTES * 60_000; segment++) {
    const { workload, headers, bodies, expectedStatus } = jobs[segment % jobs.length];
    const run = await runLoad({ url, headers, bodies, duration: SEGMENT_SECONDS, connections: CONNECTIONS });
    counts[workload.name].requests += run.totalRequests;
    // A 401 segment answers non-2xx by design: only errors (and 2xx) count as failures there.
    counts[workload.name].failed +=
      expectedStatus === undefined ? run.non2xx + run.errors : run.errors + run.status2xx;
    if (Date.now() - start >= nextSample) {
      await sample(Date.now() - start);
      nextSample += SAMPLE_MS;
    }
  }
  await sample(Date.now() - start);

  // From the end of the second minute on: every later sample against that one.
  const base = samples.find((s) => s.elapsedMs >= 2 * 60_000) ?? samples[0];
  const later = samples.filter((s) => s.elapsedMs > base.elapsedMs);
  const growth = Math.max(0, ...later.map((s) => s.heapUsed - base.heapUsed));
  const lastGrowth = samples.at(-1).heapUsed - base.heapUsed;
  const flat = growth <= FLAT_BYTES;
  const result = {
    minutes: MINUTES,
    connections: CONNECTIONS,
    counts,
    samples,
    baseElapsedMs: base.elapsedMs,
    growthBytes: growth,
    lastGrowthBytes: lastGrowth,
    flat,
  };
  saveResults(join(BENCH, 'results'), `soak-${fileStamp()}`, result);
  const rows = samples.map(
    (s) =>
      `| ${(s.elapsedMs / 60_000).toFixed(1)} | ${MiB(s.heapUsed)} | ${MiB(s.heapTotal)} | ${MiB(s.external)} | ${MiB(s.rssBytes)} |`,
  );
  process.stdout.write(
    `\nsoak: ${MINUTES} min of mixed calls, ${CONNECTIONS} connections; requests (failed): ${Object.entries(
      counts,
    )
      .map(([name, c]) => `${name} ${c.requests} (${c.failed})`)
      .join(', ')}\n` +
      '| minute | heap used after GC, MiB | heap total, MiB | external, MiB | RSS, MiB |\n|---|---|---|---|---|\n' +
      `${rows.join('\n')}\n` +
      `heap after GC from ${(base.elapsedMs / 60_000).toFixed(1)} min on: at most +${MiB(growth)} MiB, at the end ${lastGrowth >= 0 ? '+' : ''}${MiB(lastGrowth)} MiB: ${flat ? 'flat' : 'GROWS'} (flat: within ${MiB(FLAT_BYTES)} MiB)\n`,
  );
} finally {
  if (server) await stopChild(server.child);
  await database.stop();
  scratch.remove();
}
process.exit(0);
