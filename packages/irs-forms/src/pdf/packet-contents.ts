import type { PacketPlan, PacketSection } from '../packet-plan.js';

/** One form (or statement, letter, cover page, worksheet) of a built PDF, and where its pages are. */
export interface PacketContent {
  section: PacketSection;
  /** What the pages are: `Form 1120 (pro forma)`, `Form 5472 (Maria Garcia)`, `Reasonable-cause statement`... */
  form: string;
  /** Its first page in the PDF, from 1. */
  first_page: number;
  pages: number;
}

/** The name of a planned part as the packet's contents list it. */
export function partLabel(part: PacketPlan['parts'][number]): string {
  switch (part.kind) {
    case 'cover':
      return 'Cover page (not an IRS form; not sent)';
    case 'letter':
      return 'Reasonable-cause statement';
    case 'worksheet':
      return 'Forms 8804 and 8805 figures (worksheet; not an IRS form)';
    case 'statement':
      return `Form 5472 Part ${part.part} statement (${part.relatedParty.name ?? 'related party'})`;
    case 'section199A':
      return `Section 199A statement, Schedule K-1 box 20 code Z (partner ${part.partnerIndex + 1})`;
    default: {
      const input = part.input as { relatedParty?: { name?: unknown }; partner?: { name?: unknown } };
      const who = input.relatedParty?.name ?? input.partner?.name;
      return typeof who === 'string' && who !== '' ? `${part.edition.title} (${who})` : part.edition.title;
    }
  }
}
