import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The vendored template directory. */
export const TEMPLATE_DIR = fileURLToPath(new URL('../templates/', import.meta.url));

/** Reads a vendored template, counting reads (to show templates load lazily and once). */
export function countingLoader(): { load: (name: string) => Uint8Array; reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    load: (name) => {
      reads.push(name);
      return readFileSync(TEMPLATE_DIR + name);
    },
  };
}

export {
  EXAMPLE_PARTNERSHIP_FILING as completePartnership,
  EXAMPLE_SINGLE_MEMBER_FILING as completeSingleMember,
} from '@filing-mcp/irs-forms';
