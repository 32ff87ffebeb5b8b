import type { SingleMemberInput } from '../filing-input.js';
import { includesLateFilingLetter } from '../lateness.js';
import { SINGLE_MEMBER_DUE_DATES } from './due-dates.js';
import { type InvalidField, isEmpty, type LateFilingPath, type MissingLine } from '../readiness-types.js';

/**
 * The late path of an overdue Form 5472 (IRS_RULES reasonableCause): the packet carries the
 * reasonable-cause statement unless it is turned off, and the filing is not ready without the
 * statement's facts (lateFilingReason) or with the statement turned off.
 */
export function late5472Path(
  filing: SingleMemberInput,
  dueInForce: string,
  daysLate: number,
  asOf: string,
  missing: MissingLine[],
  invalid: InvalidField[],
): LateFilingPath {
  const included = includesLateFilingLetter(SINGLE_MEMBER_DUE_DATES, filing, asOf);
  if (!included) {
    invalid.push({
      field: 'generateLateFilingLetter',
      message: `is false, but the return is ${daysLate} days late: it is sent with a reasonable-cause statement asking relief from the section 6038A(d) penalty. Set it to true (or leave it out) and give lateFilingReason`,
    });
  }
  if (isEmpty(filing.lateFilingReason) && !missing.some((line) => line.field === 'lateFilingReason')) {
    missing.push({
      form: '5472',
      part: 'reasonable-cause statement',
      line: 'Regs. 1.6038A-4(b)',
      field: 'lateFilingReason',
    });
  }
  const fields = ['lateFilingReason', 'signerName', 'signerTitle', 'signatureDate'];
  return {
    summary: `The return was due ${dueInForce} and is ${daysLate} days late as of ${asOf}. File it now (fax or mail, see how_to_file) with the reasonable-cause statement the packet carries, signed under penalties of perjury by signerName: lateFilingReason holds its facts in the user's words (what happened, when, and why it kept the return from being filed on time; the prompt draft_reasonable_cause_statement helps draft them).`,
    fields,
    missing: fields.filter((field) => isEmpty(filing[field])),
    statement_included: included && !isEmpty(filing.lateFilingReason),
  };
}
