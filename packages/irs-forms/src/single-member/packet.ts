/**
 * The single-member packet plan (SINGLE_MEMBER_KIND_RULES.plan): a cover page (how to sign and file; not
 * an IRS form), the Form 7004 when generateForm7004 or form7004Paid (left out, with the reason in
 * `omitted`, once the day is past the original due date): the part for the owner; then a pro
 * forma 1120, one 5472 per related party (one when none is listed yet), each followed by its
 * Part II, V and VI statements when it has them, and the reasonable-cause letter when
 * generateLateFilingLetter, or when the return is overdue and it is not false.
 */
import { INDIRECT_OWNER_LINES, indirectOwnersOf } from '../editions/form-5472-rev-2023-12.js';
import { filingDueDates } from '../due-dates.js';
import type { RelatedPartyInput, SingleMemberInput } from '../filing-input.js';
import type { PacketDraft } from '../kind-rules.js';
import { form7004LateReason, includesLateFilingLetter } from '../lateness.js';
import { type PlannedCover, slug } from '../packet-parts.js';
import { SINGLE_MEMBER_DUE_DATES } from './due-dates.js';
import { form5472Amounts } from './form-5472-amounts.js';

/** The cover page, then the Form 7004 sent on its own: the part for the owner. */
function planOwnersPart(filing: SingleMemberInput, draft: PacketDraft): void {
  const cover: PlannedCover = {
    kind: 'cover',
    filing,
    fileName: `${draft.index()}-read-first-how-to-sign-and-file.pdf`,
  };
  draft.parts.push(cover);
  if (filing.generateForm7004 !== true && filing.form7004Paid !== true) return;
  const { due } = filingDueDates(SINGLE_MEMBER_DUE_DATES, filing);
  if (due !== null && draft.asOf > due) {
    draft.omitted.push({ form: '7004', reason: form7004LateReason(due, draft.asOf) });
    return;
  }
  draft.add('7004', { filing }, filing.llcName ?? '');
  cover.with7004 = true;
}

/** One Form 5472 per related party, each followed by its statements. */
function planForms5472(filing: SingleMemberInput, draft: PacketDraft): void {
  const parties = Array.isArray(filing.relatedParties) ? filing.relatedParties : [];
  const formCount = Math.max(parties.length, 1);
  // Part II past lines 6 and 7 continues on a statement attached to every Form 5472.
  const partII = (relatedParty: RelatedPartyInput) => {
    if (indirectOwnersOf(filing).length <= INDIRECT_OWNER_LINES.length) return;
    const fileName = `${draft.index()}-form-5472-part-ii-statement-${slug(relatedParty.name ?? filing.llcName)}.pdf`;
    draft.parts.push({ kind: 'statement', part: 'II', filing, relatedParty, fileName });
  };
  if (parties.length === 0) {
    draft.add('5472', { filing, relatedParty: undefined, formCount }, filing.llcName ?? '');
    partII({});
  }
  for (const relatedParty of parties) {
    draft.add('5472', { filing, relatedParty, formCount }, relatedParty.name);
    partII(relatedParty);
    if (form5472Amounts(relatedParty).partV.length > 0) {
      const fileName = `${draft.index()}-form-5472-part-v-statement-${slug(relatedParty.name)}.pdf`;
      draft.parts.push({ kind: 'statement', part: 'V', filing, relatedParty, fileName });
    }
    if (relatedParty.nonmonetaryTransactions === true) {
      const fileName = `${draft.index()}-form-5472-part-vi-statement-${slug(relatedParty.name)}.pdf`;
      draft.parts.push({ kind: 'statement', part: 'VI', filing, relatedParty, fileName });
    }
  }
}

/** Plans a single-member packet: the owner's part first, then the part to file. */
export function planSingleMemberPacket(formData: Record<string, unknown>, draft: PacketDraft): void {
  const filing = formData as SingleMemberInput;
  planOwnersPart(filing, draft);
  draft.add('1120', { filing }, filing.llcName ?? '');
  planForms5472(filing, draft);
  if (includesLateFilingLetter(SINGLE_MEMBER_DUE_DATES, formData, draft.asOf)) {
    draft.parts.push({ kind: 'letter', filing, fileName: `${draft.index()}-reasonable-cause-letter.pdf` });
  }
}
