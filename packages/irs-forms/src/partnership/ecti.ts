import type { PartnerInput, PartnershipInput } from '../filing-input.js';
import type { InvalidField } from '../readiness-types.js';
import { amountOf, ECTI_INCOME_LINES, ECTI_REFUSED_LINES, type ScheduleKLine } from './lines.js';
import { k1Shares } from './schedule-k.js';

export type EctiLine = (typeof ECTI_INCOME_LINES)[number];

/** The lines treated as effectively connected: `ectiLines` when given, else the trade or business income (line 1). */
export function ectiLines(filing: PartnershipInput): EctiLine[] {
  const given = Array.isArray(filing.ectiLines) ? filing.ectiLines : undefined;
  if (!given) return ['line1'];
  const known = new Set<string>(ECTI_INCOME_LINES);
  return given.filter((line): line is EctiLine => typeof line === 'string' && known.has(line));
}

/** Each refused deduction line a stored `ectiLines` names, with the reason (rule ectiRefusedLines). */
export function ectiLineProblems(filing: PartnershipInput): InvalidField[] {
  const given = Array.isArray(filing.ectiLines) ? filing.ectiLines : [];
  return given
    .filter((line): line is string => typeof line === 'string' && Object.hasOwn(ECTI_REFUSED_LINES, line))
    .map((line) => ({
      field: 'ectiLines',
      message: `${line} is refused: Schedule K ${line.replace('line', 'line ')} ${ECTI_REFUSED_LINES[line]}. Remove it from ectiLines; ECTI is computed without it.`,
    }));
}

/** One foreign partner's ECTI: computed, the figure used for the tax, and why they differ. */
export type PartnerEcti = {
  /** The partner's allocable share of the partnership's ECTI, as the return computes it. */
  computed: number | null;
  /** The ECTI the tax is figured on: `computed`, or a Form 8804-C-certified `ectiShare` below it. */
  used: number | null;
  /** The reduction for certified partner-level items (Form 8804, line 4c or 4g). */
  certifiedReduction: number;
  /** Why a given `ectiShare` is not used, when it is not. */
  refused: string | null;
};

/**
 * ECTI allocable to one foreign partner (rules ectiComputed, ectiPartnerLevel): its share of each
 * effectively connected income line less its share of each connected deduction line, as the
 * partnership allocates them (k1Shares: profit share or special allocation). Charitable
 * contributions (line 13a) never reduce it: section 703(a)(2)(C) disallows them at the partnership
 * level. A given `ectiShare` is used only when it is at most the computed share and, when below
 * it, the partner certified its own deductions on Form 8804-C (`ectiCertified8804C`, Regulations
 * section 1.1446-6); otherwise it is refused with the reason and the computed figure is used.
 */
export function partnerEcti(
  filing: PartnershipInput,
  index: number,
  allShares: ReturnType<typeof k1Shares> = k1Shares(filing),
): PartnerEcti {
  const partner: PartnerInput | undefined = filing.partners?.[index];
  const shares = allShares?.[index];
  const lines = ectiLines(filing);
  const computed = shares ? lines.reduce((sum, line) => sum + (shares[line as ScheduleKLine] ?? 0), 0) : null;
  const given = amountOf(partner?.ectiShare);
  const none = { computed, used: computed, certifiedReduction: 0, refused: null };
  if (given === undefined || computed === null || given === computed) return none;
  if (given > computed) {
    return {
      ...none,
      refused: `ectiShare ${given} is more than the partner’s allocable share of the partnership’s ECTI (${computed}, computed from the return): the computed figure is used. Remove ectiShare.`,
    };
  }
  if (partner?.ectiCertified8804C !== true) {
    const charity = shares?.line13a ?? 0;
    const why =
      charity !== 0 && computed - given === charity
        ? ' It is the computed share less the partner’s share of charitable contributions, which never reduce ECTI (section 703(a)(2)(C)).'
        : '';
    return {
      ...none,
      refused: `ectiShare ${given} is below the computed ECTI share (${computed}).${why} A partner’s own deductions reduce it only when the partner certified them on Form 8804-C (Regulations section 1.1446-6): set ectiCertified8804C to true if it did, or remove ectiShare. The computed figure is used.`,
    };
  }
  return { computed, used: given, certifiedReduction: computed - given, refused: null };
}
