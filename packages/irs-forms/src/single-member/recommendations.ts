/**
 * What check_filing recommends for a single-member filing: steps that are not required for the
 * forms to be complete but that a preparer would take, each with its reason and source.
 */
import { daysBetween } from '../lateness.js';
import type { SingleMemberInput } from '../filing-input.js';
import { IRS_RULES } from '../irs-rules.js';
import type { Recommendation, RecommendationFacts } from '../kind-rules.js';

/** Days before the due date from which an unready filing is told about Form 7004. */
const EXTENSION_NOTICE_DAYS = 30;

/** The recommended steps of a single-member filing. */
export function form5472Recommendations(
  filing: SingleMemberInput,
  facts: RecommendationFacts,
): Recommendation[] {
  const recommended: Recommendation[] = [];
  const hasExtension =
    filing.generateForm7004 === true ||
    filing.form7004Paid === true ||
    typeof filing.form7004FiledDate === 'string';
  if (
    !facts.ready &&
    !facts.overdue &&
    !hasExtension &&
    facts.due_date !== null &&
    daysBetween(facts.as_of, facts.due_date) <= EXTENSION_NOTICE_DAYS
  ) {
    recommended.push({
      item: 'Form 7004 (set generateForm7004 to true)',
      reason: `The filing is not ready and is due ${facts.due_date}: a Form 7004 filed by then extends the due date${facts.extensionWouldGive ? ` to ${facts.extensionWouldGive}` : ''} automatically.`,
      source: IRS_RULES.corporationExtension.source,
    });
  }
  recommended.push({
    item: 'proof of filing',
    reason:
      'Keep the fax transmission report (number, date, pages) or send by U.S. certified or registered mail and keep the postmarked receipt; keep a copy of the signed packet.',
    source: IRS_RULES.proofOfFiling.source,
  });
  return recommended;
}
