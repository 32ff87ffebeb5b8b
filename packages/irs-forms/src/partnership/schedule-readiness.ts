/**
 * What check_filing adds for the parts a partnership return's own tests require (Schedule B question
 * 4 and Schedules L, M-1, M-2; the Analysis of Net Income (Loss); the Partnership Representative) and
 * the forms to prepare elsewhere. Called from readiness.ts for a partnership.
 */
import type { PartnershipInput } from '../filing-input.js';
import type { InvalidField, MissingLine } from '../readiness-types.js';
import { analysisOfNetIncome } from './analysis-of-net-income.js';
import { type PrepareElsewhere, prepareElsewhere } from './prepare-elsewhere.js';
import { representativeProblems } from './partnership-representative.js';
import { question4, question4Problems } from './schedule-b-question-4.js';

export interface ScheduleReadiness {
  missing: MissingLine[];
  invalid: InvalidField[];
  prepare_elsewhere: PrepareElsewhere[];
  /** What check_filing says of the computed answers (added to `notes`). */
  notes: string[];
  /** form_data fields the server answers itself (not missing when empty). */
  computed: string[];
}

export function scheduleReadiness(
  filing: PartnershipInput,
  options: { overdue: boolean },
): ScheduleReadiness {
  const q4 = question4Problems(filing, options);
  const pr = representativeProblems(filing, options);
  const missing = [...q4.missing, ...pr.missing];
  const analysis = analysisOfNetIncome(filing);
  for (const index of analysis?.undecided ?? []) {
    missing.push({
      form: '1065',
      line: 'Analysis of Net Income (Loss), 2 (partner type)',
      field: `partners[${index}].analysisType`,
    });
  }
  return {
    missing,
    invalid: [...q4.invalid, ...pr.invalid],
    prepare_elsewhere: prepareElsewhere(filing),
    notes: q4.notes,
    computed: question4(filing, options).answer === undefined ? [] : ['scheduleB.line4'],
  };
}
