// The child side of the report channel: children of a benchmark run write their JSON lines (ready,
// results) on fd 3, which `spawnNode` in children.mjs opens as a pipe.
import { writeSync } from 'node:fs';

/** Writes one JSON line on the report channel (fd 3). */
export function report(message) {
  writeSync(3, `${JSON.stringify(message)}\n`);
}

/**
 * Announces a listening server (`{ ready: true, port }`) and makes SIGTERM close it, then exit.
 * `close` may be async; the process exits after at most 5 s either way.
 */
export function announce(port, close) {
  process.once('SIGTERM', () => {
    setTimeout(() => process.exit(0), 5_000).unref();
    Promise.resolve()
      .then(close)
      .finally(() => process.exit(0));
  });
  report({ ready: true, port, pid: process.pid });
}
