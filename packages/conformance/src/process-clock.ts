import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConformanceClock } from './conformance-target.js';

/** A conformance clock shared with a server that runs in another process. */
export interface ProcessClock {
  /** The clock to hand the scenarios: moving it moves the other process's time too. */
  clock: ConformanceClock;
  /** Environment of the other process: names the file its preloaded clock reads. */
  env: { FILING_MCP_TEST_CLOCK_FILE: string };
  /** `file:` URL of the module to preload there (`node --import`): `shifted-clock.mjs`. */
  preload: string;
  /** Deletes the file. */
  close(): void;
}

/**
 * Extends a target's controllable clock to a server in a child process (a provider's runtime that
 * imports the deployed entry, which has no clock option): the offset goes to a file, and the
 * preloaded `shifted-clock.mjs` makes `Date.now()` there real time plus that offset.
 */
export function createProcessClock(clock: ConformanceClock): ProcessClock {
  const dir = mkdtempSync(join(tmpdir(), 'filing-mcp-clock-'));
  const file = join(dir, 'offset-ms');
  let offset = 0;
  writeFileSync(file, '0');
  return {
    clock: {
      now: () => clock.now(),
      advance(ms) {
        clock.advance(ms);
        offset += ms;
        writeFileSync(file, String(offset));
      },
    },
    env: { FILING_MCP_TEST_CLOCK_FILE: file },
    preload: new URL('../shifted-clock.mjs', import.meta.url).href,
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
