/**
 * The partnership packet plan (PARTNERSHIP_KIND_RULES.plan): a Form 1065 and one Schedule K-1 per
 * partner; with a foreign partner the "Forms 8804 and 8805: figures" worksheet; the reasonable-cause
 * letter when generateLateFilingLetter; then each K-1's section 199A statement when the return's
 * QBI is computed here.
 */
import type { PartnershipInput } from '../filing-input.js';
import type { PacketDraft } from '../kind-rules.js';
import { slug } from '../packet-parts.js';
import { k1Shares } from './schedule-k.js';
import { section199A } from './section-199a.js';

/** Plans a partnership packet. */
export function planPartnershipPacket(formData: Record<string, unknown>, draft: PacketDraft): void {
  const filing = formData as PartnershipInput;
  draft.add('1065', { filing, asOf: draft.asOf }, filing.partnershipName ?? '');
  const shares = k1Shares(filing);
  (Array.isArray(filing.partners) ? filing.partners : []).forEach((partner, index) => {
    draft.add('1065-K1', { filing, partner, share: shares?.[index] }, partner.name);
  });
  if ((filing.partners ?? []).some((partner) => partner?.isForeign === true)) {
    draft.parts.push({ kind: 'worksheet', filing, fileName: `${draft.index()}-forms-8804-8805-figures.pdf` });
  }
  if (filing.generateLateFilingLetter === true) {
    draft.parts.push({
      kind: 'letter',
      form: '1065',
      filing,
      fileName: `${draft.index()}-reasonable-cause-letter.pdf`,
    });
  }
  // Each K-1's section 199A statement (box 20, code Z), after the pages the other tests count.
  if (section199A(filing).computed) {
    (filing.partners ?? []).forEach((partner, partnerIndex) => {
      const fileName = `${draft.index()}-section-199a-statement-${slug(partner?.name) || String(partnerIndex + 1)}.pdf`;
      draft.parts.push({ kind: 'section199A', filing, partnerIndex, fileName });
    });
  }
}
