// Whether the load generator kept up with the servers it measured, so that a run's ratios
// compare servers rather than show the generator's own limit. How the check runs: run.mjs
// (`checkGeneratorKeepsUp`); why it is built this way: bench/README.md, "The generator".
import { median } from './median.mjs';

/** The most two generator figures of the same server may differ by (as a ratio) and still agree. */
export const AGREEMENT = 0.1;
/**
 * The most of its core the generator may have been busy (running, or runnable and waiting for the
 * core) in the rounds. On 2 cores one more generator process shares the same core, so agreement
 * alone cannot show a generator that used up its core; this shows it directly.
 */
export const BUSY_LIMIT = 0.8;

export const percent = (value) => (value === undefined ? 'n/a' : `${Math.round(value * 100)}%`);
const thousands = (value) => Math.round(value).toLocaleString('en-US');

/**
 * The runs of several generator processes against one server at the same time, as one run: counts
 * and rates add up; latencies are the slowest process's (each percentile's largest); the busiest
 * process's use of the core. `processes` keeps each process's own report.
 */
export function mergeLoadRuns(runs) {
  const sum = (pick) => runs.reduce((total, run) => total + pick(run), 0);
  const largest = (pick) => Math.max(...runs.map(pick));
  const busy = runs.map((run) => run.use?.busy).filter((value) => value !== undefined);
  return {
    generator: runs[0].generator,
    requestsPerSecond: sum((run) => run.requestsPerSecond),
    totalRequests: sum((run) => run.totalRequests),
    durationSeconds: largest((run) => run.durationSeconds),
    latencyMs: Object.fromEntries(
      Object.keys(runs[0].latencyMs).map((key) => [key, largest((run) => run.latencyMs[key])]),
    ),
    bytesPerSecond: sum((run) => run.bytesPerSecond),
    status2xx: sum((run) => run.status2xx),
    non2xx: sum((run) => run.non2xx),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    generatorBusy: busy.length === runs.length ? Math.max(...busy) : undefined,
    generatorCpuUsPerRequest: runs.every((run) => run.use?.cpuUsPerRequest !== undefined)
      ? sum((run) => run.use.cpuUsPerRequest * run.totalRequests) / sum((run) => run.totalRequests)
      : undefined,
    ...(runs.length > 1 && { processes: runs }),
  };
}

const known = (values) => values.filter((value) => value !== undefined && !Number.isNaN(value));

/**
 * The verdict: `server`'s rounds (one generator process each) and `check`, the same server
 * measured once more by a second generator setup (`setup` names it) between two runs of the
 * rounds' own setup, `beside` (one just before the check, one just after). The check is compared
 * with those two, not with the median of rounds run minutes earlier: a server's rate moves
 * between rounds on its own (on a shared 2-core machine; on a create workload every request
 * also grows the table), and such a move read as a disagreement, in either direction, said
 * "NO" where the generator had room to spare (2026-12-02, create_filing: the check 0.75x the
 * rounds' median with each generator process busy 8% of its core). `moved` says the check cannot
 * tell: the two runs beside it differ by more than AGREEMENT themselves (`steady` false), or the
 * second setup answered more than AGREEMENT fewer than they did (more generator cannot make
 * fewer answers: the server's rate fell during the check). A generator at its limit shows as more
 * answers with the second setup. `ok` needs the check within AGREEMENT of the mean of the runs
 * beside it (and not `moved`), the generator busy at most BUSY_LIMIT in the rounds (median) and no
 * failed request. Without `beside`, the rounds' median stands in and `moved` is false.
 */
export function judgeKeepUp(server, rounds, check, setup, beside) {
  const requestsPerSecond = median(rounds.map((run) => run.requestsPerSecond));
  const busy = median(known(rounds.map((run) => run.generatorBusy)));
  const besideRates = beside?.map((run) => run.requestsPerSecond);
  const reference = besideRates === undefined ? requestsPerSecond : (besideRates[0] + besideRates[1]) / 2;
  const steady =
    besideRates === undefined ||
    Math.abs(besideRates[1] - besideRates[0]) / Math.min(...besideRates) <= AGREEMENT;
  const ratio = check.requestsPerSecond / reference;
  const agrees = Math.abs(ratio - 1) <= AGREEMENT;
  const moved = !steady || (besideRates !== undefined && ratio < 1 - AGREEMENT);
  const roomy = busy === undefined || busy <= BUSY_LIMIT;
  const failed = check.non2xx + check.errors + check.timeouts;
  return {
    server,
    generator: rounds[0]?.generator,
    requestsPerSecond,
    busy,
    cpuUsPerRequest: median(known(rounds.map((run) => run.generatorCpuUsPerRequest))),
    serverCpuUsPerRequest: median(known(rounds.map((run) => run.serverCpuUsPerRequest))),
    check: {
      setup,
      requestsPerSecond: check.requestsPerSecond,
      busy: check.processes?.map((run) => run.use?.busy),
      failed,
    },
    ...(besideRates !== undefined && { beside: besideRates }),
    ratio,
    agrees,
    steady,
    moved,
    roomy,
    ok: !moved && agrees && roomy && failed === 0,
  };
}

/** One line of text: the verdict and the figures it rests on. */
export function keepUpText(keepUp, labels = {}) {
  if (keepUp === undefined) return 'not checked (no server was measured)';
  const reasons = [];
  const beside = keepUp.beside;
  if (keepUp.steady === false) {
    reasons.push(
      `the server's own rate moved more than ${percent(AGREEMENT)} around the check, so it cannot tell`,
    );
  } else if (keepUp.moved) {
    reasons.push(
      `fewer answers with more generator: the server's rate fell during the check, so it cannot tell`,
    );
  } else if (!keepUp.agrees) reasons.push(`the figures differ by more than ${percent(AGREEMENT)}`);
  if (!keepUp.roomy) reasons.push(`the generator was busy more than ${percent(BUSY_LIMIT)} of its core`);
  if (keepUp.check.failed > 0) reasons.push(`${keepUp.check.failed} requests of the second run failed`);
  const verdict = keepUp.ok ? 'yes' : `NO (${reasons.join('; ')})`;
  const us = (value) => (value === undefined || Number.isNaN(value) ? 'n/a' : value.toFixed(0));
  const oneProcess = `one ${keepUp.generator ?? 'net'} generator process`;
  return (
    `${verdict}: ${labels[keepUp.server] ?? keepUp.server} ${thousands(keepUp.requestsPerSecond)} req/s ` +
    `with ${oneProcess} (median of the rounds; the generator busy ${percent(keepUp.busy)} of its ` +
    `core and ${us(keepUp.cpuUsPerRequest)} us of CPU a request, the server ${us(keepUp.serverCpuUsPerRequest)} us), ` +
    `${thousands(keepUp.check.requestsPerSecond)} req/s with ${keepUp.check.setup}` +
    (beside === undefined
      ? ` (${keepUp.ratio.toFixed(2)}x)`
      : ` between ${thousands(beside[0])} and ${thousands(beside[1])} req/s with ${oneProcess} just ` +
        `before and after (${keepUp.ratio.toFixed(2)}x their mean)`)
  );
}
