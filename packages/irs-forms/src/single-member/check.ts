/**
 * The single-member readiness step (SINGLE_MEMBER_KIND_RULES.check): Parts III-VII, the signature and
 * the printed values, the forms the filing needs, and for an overdue filing the section 6038A(d)
 * penalties and the late path.
 */
import { isRealDate } from '../due-dates.js';
import type { SingleMemberInput } from '../filing-input.js';
import type { KindCheckInput, KindFindings, NeededForm } from '../kind-rules.js';
import { form7004LateReason } from '../lateness.js';
import { late5472Path } from './late-5472.js';
import { printedValueProblems } from './printed-values.js';
import { checkSingleMember, form5472Penalties } from './single-member-readiness.js';

/**
 * The Form 7004 a filing asks for (generateForm7004) or paid for (form7004Paid), left out past the
 * original due date; asked for by the user, one too late is also an error.
 */
function form7004Needed(filing: SingleMemberInput, input: KindCheckInput): NeededForm | undefined {
  if (filing.generateForm7004 !== true && filing.form7004Paid !== true) return undefined;
  const { due, asOf } = input;
  const tooLate = due !== null && asOf > due;
  const entry = input.form('7004', 1, !tooLate);
  if (!tooLate) return entry;
  entry.reason = form7004LateReason(due, asOf);
  // Asked for by the user, a Form 7004 too late is an error; paid for, it is just left out.
  const filed = filing.form7004FiledDate;
  if (filing.generateForm7004 === true && !(isRealDate(filed) && filed <= due)) {
    input.invalid.push({
      field: 'generateForm7004',
      message: `${entry.reason} Set generateForm7004 to false and file late with the reasonable-cause letter (generateLateFilingLetter, lateFilingReason).`,
    });
  }
  return entry;
}

/** The single-member checks beyond the required lines, and the forms, penalties and late path. */
export function checkSingleMemberFiling(input: KindCheckInput): KindFindings {
  const filing = input.formData as SingleMemberInput;
  const { asOf, missing, invalid, late, dueInForce } = input;
  checkSingleMember(filing, missing, invalid);
  printedValueProblems(filing, asOf, invalid);
  const parties = Array.isArray(filing.relatedParties) ? filing.relatedParties : [];
  const formCount = Math.max(parties.length, 1);
  const forms = [input.form('1120', 1), input.form('5472', formCount)];
  const extension = form7004Needed(filing, input);
  if (extension) forms.push(extension);
  if (!late.overdue || dueInForce === null) return { forms, penalties: [], lateFiling: null };
  return {
    forms,
    penalties: form5472Penalties(formCount, filing, dueInForce),
    lateFiling: late5472Path(filing, dueInForce, late.days_late, asOf, missing, invalid),
  };
}
