/**
 * The partnership readiness step (PARTNERSHIP_KIND_RULES.check): the partners, each partner's figures and
 * the schedules, the forms the return needs (Forms 8804, 8805 and 8813 named but not in the packet),
 * the section 6698 penalty, the late path, and the partnership's own lines of the report.
 */
import type { PartnerInput, PartnershipInput } from '../filing-input.js';
import type { KindCheckInput, KindFindings, NeededForm } from '../kind-rules.js';
import { isEmpty, type LateFilingPath, type MissingLine } from '../readiness-types.js';
import { lateFilingPenalty, partnershipFigureProblems, partnershipNotes } from './partnership-readiness.js';
import { late1065Path } from './penalties-1065.js';
import { scheduleReadiness } from './schedule-readiness.js';
import { withholding1446 } from './withholding-1446.js';

/** Item I (the partners) and, per partner, the K-1's item F (name) and H1 (foreign or not). */
function partnerLinesMissing(partners: PartnerInput[], missing: MissingLine[]): void {
  if (partners.length === 0) missing.push({ form: '1065', line: 'I', field: 'partners' });
  partners.forEach((partner, index) => {
    if (isEmpty(partner?.name))
      missing.push({ form: '1065-K1', line: 'F', field: `partners[${index}].name` });
    if (typeof partner?.isForeign !== 'boolean') {
      missing.push({ form: '1065-K1', line: 'H1', field: `partners[${index}].isForeign` });
    }
  });
}

/** Form 1065, a K-1 per partner, and with a foreign partner the section 1446 forms (not in the packet). */
function partnershipForms(partners: PartnerInput[], input: KindCheckInput): NeededForm[] {
  const forms = [input.form('1065', 1), input.form('1065-K1', partners.length)];
  const foreignPartners = partners.filter((partner) => partner?.isForeign === true).length;
  if (foreignPartners > 0) {
    forms.push(
      { form: '8804', title: 'Form 8804', edition: null, copies: 1, included: false },
      { form: '8805', title: 'Form 8805', edition: null, copies: foreignPartners, included: false },
      { form: '8813', title: 'Form 8813', edition: null, copies: 4, included: false },
    );
  }
  return forms;
}

/** The late path of an overdue Form 1065, with whether the packet carries the statement's facts. */
function late1065Filing(filing: PartnershipInput, dueInForce: string, input: KindCheckInput): LateFilingPath {
  const path = late1065Path(filing, dueInForce, input.late.days_late, input.asOf);
  return {
    ...path,
    statement_included: filing.generateLateFilingLetter === true && !isEmpty(filing.lateFilingReason),
  };
}

/** The partnership checks beyond the required lines, and the forms, penalty, late path and report lines. */
export function checkPartnershipFiling(input: KindCheckInput): KindFindings {
  const filing = input.formData as PartnershipInput;
  const { asOf, missing, invalid, dueInForce } = input;
  const partners = Array.isArray(filing.partners) ? filing.partners : [];
  partnerLinesMissing(partners, missing);
  const forms = partnershipForms(partners, input);
  const problems = partnershipFigureProblems(filing);
  const schedules = scheduleReadiness(filing, { overdue: input.late.overdue });
  missing.push(
    ...problems.missing.filter((line) => !schedules.computed.includes(line.field)),
    ...schedules.missing,
  );
  invalid.push(...problems.invalid, ...schedules.invalid);
  const penalty = dueInForce === null ? undefined : lateFilingPenalty(filing, dueInForce, asOf);
  return {
    forms,
    penalties: penalty ? [penalty] : [],
    lateFiling: input.late.overdue && dueInForce !== null ? late1065Filing(filing, dueInForce, input) : null,
    report: {
      withholding_1446: withholding1446(filing, asOf),
      notes: [...partnershipNotes(filing), ...schedules.notes],
      prepare_elsewhere: schedules.prepare_elsewhere,
    },
  };
}
