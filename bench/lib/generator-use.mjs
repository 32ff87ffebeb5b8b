// How much of its core the load generator used during a run, read by the generator itself. The
// main thread's /proc/self/schedstat gives the time it ran and the time it waited, runnable, for
// its core (another process had it); their sum over the wall time is how busy the generator was.
// Near 1, the generator never waited for an answer: it, or whatever shares its core, set the pace.
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const SCHEDSTAT = '/proc/self/schedstat';

function schedstat() {
  if (!existsSync(SCHEDSTAT)) return undefined;
  const [runNs, waitNs] = readFileSync(SCHEDSTAT, 'utf8').split(' ').map(Number);
  return { runNs, waitNs };
}

/**
 * Starts measuring; the returned function answers, for the time since: `cpu` (the whole process's
 * CPU time over wall time; can exceed 1 with GC threads), `cpuUsPerRequest`, and `busy` and
 * `waitedForCore` (the main thread's run plus run-queue time, and run-queue time alone, over wall
 * time; undefined where /proc is missing).
 */
export function measureGeneratorUse() {
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  const schedStart = schedstat();
  return (requests) => {
    const wallSeconds = (performance.now() - wallStart) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const schedEnd = schedstat();
    const share = (ns) => ns / 1e9 / wallSeconds;
    return {
      cpu: cpuSeconds / wallSeconds,
      cpuUsPerRequest: requests ? (cpuSeconds * 1e6) / requests : undefined,
      busy:
        schedStart && schedEnd
          ? share(schedEnd.runNs - schedStart.runNs + schedEnd.waitNs - schedStart.waitNs)
          : undefined,
      waitedForCore: schedStart && schedEnd ? share(schedEnd.waitNs - schedStart.waitNs) : undefined,
    };
  };
}
