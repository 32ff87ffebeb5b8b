// Preloaded (`node --expose-gc --import <this file> <server script>`) by the memory phase of run.mjs
// and by soak.mjs, into ours as built in any checkout: SIGUSR2 asks the server for its memory, and
// it answers on the report channel with the heap after two full collections, so that a figure is
// what stays alive, not garbage awaiting collection.
import { report } from '../lib/report.mjs';

if (typeof globalThis.gc !== 'function') throw new Error('memory-report.mjs needs node --expose-gc');
process.on('SIGUSR2', () => {
  globalThis.gc();
  globalThis.gc();
  report({ memory: process.memoryUsage() });
});
