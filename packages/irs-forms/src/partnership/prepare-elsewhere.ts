/**
 * The forms a partnership return needs that this service does not produce (rule prepareElsewhere):
 * each one named with the reason the return needs it and the source, for check_filing's
 * `prepare_elsewhere`. While any is listed, the packet is not the whole return and `ready` is false.
 */
import type { PartnershipInput } from '../filing-input.js';
import { attachments, type PrepareElsewhere } from './attachments.js';
import { majorityOwners } from './partnership-readiness.js';
import { amountOf } from './lines.js';
import { K1_ITEM_M_STATEMENT, PARTNERSHIP_RULES } from './partnership-rules.js';
import { SCHEDULE_RULES } from './schedule-rules.js';
import { section199A } from './section-199a.js';
import { withholding1446 } from './withholding-1446.js';
import { WITHHOLDING_RULES } from './withholding-rules.js';

export type { PrepareElsewhere };

/** Schedule M-3 is required from $10 million of total assets (rule scheduleM3). */
export const SCHEDULE_M3_ASSETS = 10_000_000;

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The forms to prepare elsewhere, in the order a preparer assembles them. */
export function prepareElsewhere(filing: PartnershipInput): PrepareElsewhere[] {
  const out: PrepareElsewhere[] = [];
  const partners = Array.isArray(filing.partners) ? filing.partners : [];
  const foreign = partners.filter((partner) => partner?.isForeign === true);
  const scheduleB = record(filing.scheduleB);
  const scheduleK = record(filing.scheduleK);

  out.push(...attachments(filing));
  const qbi = section199A(filing);
  if (!qbi.computed && qbi.reason !== null) {
    out.push({
      form: 'Section 199A statement (Statement A) for each Schedule K-1, box 20 code Z',
      reason: `${qbi.reason}: each partner’s share of QBI, W-2 wages and UBIA and the SSTB answer are not produced here, and what the partnership does not report is presumed zero for the partner`,
      source: WITHHOLDING_RULES.section199AStatement.source,
    });
  }
  const contributors = partners.filter((partner) => partner?.contributedBuiltInGainProperty === true);
  if (contributors.length > 0) {
    out.push({
      form: 'Schedule K-1 item M statement',
      reason: `item M is Yes for ${contributors.map((partner) => partner.name ?? 'a partner').join(', ')}: ${K1_ITEM_M_STATEMENT}`,
      source: PARTNERSHIP_RULES.k1ItemM.source,
    });
  }
  const owners = majorityOwners(filing);
  if (owners.length > 0 || scheduleB.line2a === true || scheduleB.line2b === true) {
    out.push({
      form: 'Schedule B-1 (Form 1065)',
      reason:
        owners.length > 0
          ? `${owners.map((owner) => owner.name ?? 'a partner').join(', ')} own(s) 50% or more of the profit, loss or capital at the end of the year (Schedule B, question 2a/2b Yes)`
          : 'Schedule B, question 2a or 2b is answered Yes (a partner owns 50% or more)',
      source: SCHEDULE_RULES.scheduleB1Attached.source,
    });
  }
  if (scheduleB.line33 === true) {
    out.push({
      form: 'Schedule B-2 (Form 1065)',
      reason:
        'Schedule B, question 33 is Yes: the election out of the centralized partnership audit regime is made on Schedule B-2, listing each partner',
      source: SCHEDULE_RULES.electionOut6221b.source,
    });
  }
  const assets = amountOf(filing.totalAssets);
  if (filing.filesScheduleM3 === true || (assets !== undefined && assets >= SCHEDULE_M3_ASSETS)) {
    out.push({
      form: 'Schedule M-3 (Form 1065)',
      reason:
        filing.filesScheduleM3 === true
          ? 'the filing says the partnership files Schedule M-3 (filesScheduleM3)'
          : `total assets of ${assets!.toLocaleString('en-US')} at the end of the year: $10 million or more requires Schedule M-3`,
      source: SCHEDULE_RULES.scheduleM3.source,
    });
  }
  const international = scheduleK.line16a === true && scheduleK.line16b !== true;
  if (international || foreign.length > 0) {
    out.push({
      form: 'Schedules K-2 and K-3 (Form 1065)',
      reason: international
        ? 'Schedule K, line 16a: the partnership reports items of international tax relevance'
        : `${foreign.length} foreign partner(s): the domestic filing exception is open only to partnerships whose direct partners are all U.S. persons, and a foreign partner's share of income is an item of international tax relevance (Schedule K-2 Part X); whether another exception applies is for the preparer to decide`,
      source: SCHEDULE_RULES.schedulesK2K3.source,
    });
  }
  if (foreign.length > 0) {
    out.push(
      {
        form: 'Form 8804',
        reason: `${foreign.length} foreign partner(s) with effectively connected income allocable to them: Form 8804 is filed even when no section 1446 tax is due (the worksheet page gives its figures)`,
        source: SCHEDULE_RULES.forms8804And8805.source,
      },
      {
        form: 'Form 8805',
        reason: `one for each foreign partner (${foreign.map((partner) => partner.name ?? 'unnamed').join(', ')}), attached to Form 8804 and sent to the partner (the worksheet page gives its figures)`,
        source: SCHEDULE_RULES.forms8804And8805.source,
      },
    );
    const withholding = withholding1446(filing);
    if (withholding.total > 0) {
      out.push({
        form: 'Form 8813',
        reason: `a voucher with each installment of the section 1446 tax (${withholding.total.toLocaleString('en-US')} for the year, in four installments)`,
        source: SCHEDULE_RULES.form8813.source,
      });
    }
  }
  return out;
}
