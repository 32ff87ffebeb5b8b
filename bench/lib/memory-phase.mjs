// The memory phase of run.mjs: ours in a process of its own under rounds of get_filing load, RSS
// before, during and after each round, and the heap after two full collections after each round
// (servers/memory-report.mjs, preloaded, answers SIGUSR2).
import { join } from 'node:path';
import { rssOf, stopChild } from './children.mjs';
import { BENCH, memoryAfterGc, startMemoryReporting } from './harness.mjs';
import { median } from './median.mjs';
import { headersFor, probe, SERVERS, WORKLOADS } from './workloads.mjs';

/** Runs the memory phase; answers what run.mjs keeps as `results.memory`. */
export async function measureMemory({ database, env, options, load, log }) {
  const workload = WORKLOADS.find((w) => w.name === 'get_filing');
  const headers = headersFor(workload, database.apiKey);
  const bodies = workload.bodies(database);
  // A process of its own, so "before" is the RSS of a server that has served nothing yet.
  const spec = SERVERS.ours;
  const server = await startMemoryReporting('ours (memory)', join(BENCH, spec.script), {
    path: spec.path,
    env,
  });
  const { child, url } = server;
  const heapAfterGc = async () => (await memoryAfterGc(server)).heapUsed;
  try {
    await probe(url, workload, headers, bodies[0]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const beforeBytes = rssOf(child.pid);
    const heapBeforeBytes = await heapAfterGc();
    const rounds = [];
    for (let round = 0; round < options.memoryRounds; round++) {
      const samples = [];
      const timer = setInterval(() => samples.push(rssOf(child.pid)), 1_000);
      let run;
      try {
        run = await load(url, headers, bodies, options.memoryDuration);
      } finally {
        clearInterval(timer);
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const afterBytes = rssOf(child.pid);
      const heapAfterBytes = await heapAfterGc();
      rounds.push({
        heapAfterBytes,
        requestsPerSecond: run.requestsPerSecond,
        duringMedianBytes: median(samples.filter(Boolean)),
        duringMaxBytes: Math.max(...samples.filter(Boolean)),
        afterBytes,
        samplesBytes: samples,
      });
      log(
        `memory round ${round + 1}/${options.memoryRounds}: RSS after ${(afterBytes / 2 ** 20).toFixed(1)} MB, ` +
          `heap after GC ${(heapAfterBytes / 2 ** 20).toFixed(1)} MB`,
      );
    }
    const first = rounds[0].afterBytes;
    const last = rounds.at(-1).afterBytes;
    const growthBytes = last - first;
    // The heap after full collections is what stays alive: it grows only with a leak, where RSS
    // also follows the collector's sizing and the allocator's free lists.
    const heapFirst = rounds[0].heapAfterBytes;
    const heapGrowthBytes = rounds.at(-1).heapAfterBytes - heapFirst;
    return {
      beforeBytes,
      heapBeforeBytes,
      rounds,
      growthBytes,
      stable: growthBytes <= first * 0.1,
      heapGrowthBytes,
      heapStable: heapGrowthBytes <= heapFirst * 0.1,
    };
  } finally {
    await stopChild(child);
  }
}
