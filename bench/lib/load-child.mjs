// The load generator, run as its own process pinned to the other core than the server under test.
// Reads its job from the JSON file named in argv[2], runs autocannon once, prints one JSON line on fd 3.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { report } from './report.mjs';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));

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

report({
  done: true,
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
});
