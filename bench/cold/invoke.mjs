// The tiny local Lambda harness of the cold-start measurement: imports a bundled handler (argv[2]),
// invokes it with the events in the JSON file argv[3] one after another, and reports on fd 3 after
// each answer, so the parent can time process start -> first answer -> first tool result.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { report } from '../lib/report.mjs';

const events = JSON.parse(readFileSync(process.argv[3], 'utf8'));
const module = await import(pathToFileURL(process.argv[2]).href);
report({ loaded: true, at: performance.now() });
const handler = module.handler ?? module.default?.handler ?? module.default;
for (const [index, event] of events.entries()) {
  const result = await handler(event, { awsRequestId: `bench-${index}` });
  report({
    answered: index,
    status: result.statusCode,
    body: result.body.slice(0, 400),
    at: performance.now(),
    // The process's own CPU time so far (user + system, ms): steadier than wall time on a loaded machine.
    cpu: (({ user, system }) => (user + system) / 1000)(process.cpuUsage()),
  });
}
// Lambda would freeze here; end the process instead of waiting for pool timers.
process.exit(0);
