import { executionAsyncResource } from 'node:async_hooks';

// Why this exists. `process.nextTick` builds each queue entry as an object literal whose first keys
// are computed symbols (`[async_id_symbol]: ..., [trigger_async_id_symbol]: ..., ...`; Node 22 and
// 24 alike). V8 defines a computed key from the literal's feedback: one receiver map, or a call into
// the runtime on every define once it has seen a second one. The maps a queue entry passes through
// are held only by live entries. A memory-reducing garbage collection (V8 runs one when a process
// goes idle) that finds the queue empty frees them; the next entry is built on new maps, the
// feedback turns megamorphic, and from then on every `process.nextTick` costs about ten times as
// much (23 against 264 ns a call on Node 22.23, 26 against 261 on Node 24.21), for the life of the
// process. node:http calls `process.nextTick` several times for every request: a server that had
// been quiet once spent about 3 us more CPU on each `tools/list` afterwards. One entry kept alive
// keeps its maps alive, and the feedback stays as it was.

let asked = false;
// The entry kept (one at most).
const held: object[] = [];

/**
 * Keeps one entry of `process.nextTick`'s queue alive for the life of the process, so that
 * `process.nextTick` keeps its speed after the process has been idle (see the comment above: once
 * a memory-reducing garbage collection finds the queue empty, every later call costs about ten
 * times as much). Idempotent; `createNodeListener` calls it. Call it at start-up, outside any
 * `AsyncLocalStorage` store: on a Node that carries the async context in the queue entry (Node 24),
 * the entry kept holds the context active when it was scheduled.
 */
export function holdNextTickShape(): void {
  if (asked) return;
  asked = true;
  // Inside a next-tick callback, the execution's resource is the queue entry itself.
  process.nextTick(() => {
    held.push(executionAsyncResource());
  });
}
