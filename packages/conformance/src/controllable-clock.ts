import type { ConformanceClock } from './conformance-target.js';

/**
 * A clock that follows real time plus an offset that tests move forward. Following real time (rather
 * than freezing it) keeps anything the server checks against the wall clock, such as a JWT's `exp`
 * verified by jose, consistent with what the server's own `now` says.
 */
export function createControllableClock(): ConformanceClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      offset += ms;
    },
  };
}
