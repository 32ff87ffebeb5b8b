// The load generator, run as its own process pinned to the other core than the server under test.
// Reads its job from the JSON file named in argv[2], runs it once, prints one JSON line on fd 3.
// `job.generator`: 'net' (the light raw-socket generator of net-load.mjs, what `pnpm bench` uses) or
// 'autocannon' (the default, and always when the job names a fixed arrival rate, `overallRate`).
import { readFileSync } from 'node:fs';
import { measureGeneratorUse } from './generator-use.mjs';
import { runNetLoad } from './net-load.mjs';
import { report } from './report.mjs';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));

async function runAutocannon() {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.duration,
    pipelining: 1,
    // A fixed arrival rate (req/s over all connections) when the job names one; as fast as possible otherwise.
    ...(job.overallRate !== undefined && { overallRate: job.overallRate }),
    // autocannon walks this list in order on every connection and starts over at its end.
    requests: job.bodies.map((body) => ({ method: 'POST', headers: job.headers, body })),
  });
  return {
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    durationSeconds: result.duration,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.average,
    },
    bytesPerSecond: result.throughput.average,
    status2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const useNet = job.generator === 'net' && job.overallRate === undefined;
const use = measureGeneratorUse();
const result = useNet ? await runNetLoad(job) : await runAutocannon();
report({ done: true, generator: useNet ? 'net' : 'autocannon', ...result, use: use(result.totalRequests) });
// Nothing is left to do; exit now rather than wait for sockets to finish closing.
process.exit(0);
