import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXAMPLE_PARTNERSHIP_FILING } from '@filing-mcp/irs-forms';

/** The vendored template directory. */
export const TEMPLATE_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

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

/** A domestic partnership under every question 4 threshold, with no foreign partner. */
export function smallPartnership(): Record<string, any> {
  const filing = structuredClone(EXAMPLE_PARTNERSHIP_FILING) as Record<string, any>;
  filing.partners = filing.partners.map((partner: any, index: number) => ({
    ...partner,
    isForeign: false,
    foreignTaxId: undefined,
    ectiShare: undefined,
    tin: ['123-45-6781', '12-3456782', '74-1234567'][index],
    address: '1 Main Street, Dover, DE 19901',
  }));
  filing.scheduleB = { ...filing.scheduleB, line14: false };
  filing.scheduleK = { ...filing.scheduleK, line16a: false };
  // No cost of goods sold (Form 1125-A), other income or other deductions (statements).
  filing.income = { line1a: 200000, line1b: 0 };
  filing.deductions = { line9: 40000, line13: 12000, line14: 3000 };
  for (const key of ['scheduleL', 'scheduleM1', 'scheduleM2']) delete filing[key];
  delete filing.scheduleB.line4;
  return filing;
}
