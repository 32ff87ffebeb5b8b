import type { FormEdition, FormId } from './form-edition.js';
import { FormRegistry } from './form-edition.js';
import { DEFAULT_EDITIONS } from './editions/index.js';
import { yearOf } from './field-text.js';
import type { PartnershipInput, RelatedPartyInput, SingleMemberInput } from './filing-input.js';
import { form5472Amounts } from './single-member/form-5472-amounts.js';
import { INDIRECT_OWNER_LINES, indirectOwnersOf } from './editions/form-5472-rev-2023-12.js';
import { filingDueDates } from './due-dates.js';
import { form7004LateReason, includesLateFilingLetter, todayUtc } from './lateness.js';
import { k1Shares } from './partnership/schedule-k.js';
import { section199A } from './partnership/section-199a.js';

/** The two kinds of filing, as the tools name them. */
export type FilingKind = '5472' | 'partnership';

/** One copy of one form in a packet. */
export interface PlannedForm {
  kind: 'form';
  edition: FormEdition;
  input: unknown;
  /** File name inside the ZIP, e.g. `02-form-5472-acme-holdings.pdf`. */
  fileName: string;
}

/** The reasonable-cause letter (not an IRS form): of a late Form 5472, or of a late Form 1065. */
export type PlannedLetter = { kind: 'letter'; fileName: string } & (
  | { form?: '5472'; filing: SingleMemberInput }
  | { form: '1065'; filing: PartnershipInput }
);

/** A statement attached to one Form 5472 (Part V or Part VI). */
export interface PlannedStatement {
  kind: 'statement';
  part: 'II' | 'V' | 'VI';
  filing: SingleMemberInput;
  relatedParty: RelatedPartyInput;
  fileName: string;
}

/** The cover page of a single-member packet (not an IRS form): sign, send, keep proof. */
export interface PlannedCover {
  kind: 'cover';
  filing: SingleMemberInput;
  fileName: string;
  /** Whether the packet holds a Form 7004 (part of the owner's part, sent alone). */
  with7004?: boolean;
}

/** A form the filing asks for that the packet leaves out, and why. */
export interface OmittedForm {
  form: FormId;
  reason: string;
}

/** The "Forms 8804 and 8805: figures" worksheet page (not an IRS form). */
export interface PlannedWorksheet {
  kind: 'worksheet';
  filing: PartnershipInput;
  fileName: string;
}

/** The section 199A statement attached to one partner's Schedule K-1 (box 20, code Z). */
export interface PlannedSection199A {
  kind: 'section199A';
  filing: PartnershipInput;
  partnerIndex: number;
  fileName: string;
}

/**
 * The two parts of a packet (IRS_RULES.packetParts): `file`, the return the IRS gets (pro forma
 * 1120, each 5472 with its statements, the reasonable-cause statement; Form 1065 and its K-1s),
 * and `owner`, what is never sent with it (the cover page, the Form 7004, any worksheet).
 */
export type PacketSection = 'file' | 'owner';

/** The part of the packet a planned part belongs to (IRS_RULES.packetParts). */
export function sectionOf(part: PacketPlan['parts'][number]): PacketSection {
  if (part.kind === 'cover' || part.kind === 'worksheet') return 'owner';
  if (part.kind === 'form' && part.edition.form === '7004') return 'owner';
  return 'file';
}

/** Everything a packet holds, in filing order, before any PDF work. */
export interface PacketPlan {
  filingKind: FilingKind;
  parts: Array<
    PlannedCover | PlannedForm | PlannedLetter | PlannedStatement | PlannedWorksheet | PlannedSection199A
  >;
  /** Forms asked for but left out (Form 7004 after the original due date). */
  omitted: OmittedForm[];
  /** The editions used, one entry per form. */
  editions: Array<{ form: FormId; edition: string }>;
}

let defaultRegistry: FormRegistry | undefined;

/** The registry of the vendored editions (built once, on first use). */
export function defaultFormRegistry(): FormRegistry {
  defaultRegistry ??= new FormRegistry(DEFAULT_EDITIONS);
  return defaultRegistry;
}

function slug(value: string | undefined): string {
  const text = (value ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return text === '' ? 'unnamed' : text;
}

/**
 * Which forms a filing needs, with the input of each copy: a single-member filing is a cover page
 * (how to sign and file; not an IRS form), 7004 when `generateForm7004` (left out, with the reason in
 * `omitted`, once `asOf` is past the original due date): the part for the owner; then a pro forma 1120, one 5472 per related party (one when none is listed yet) each followed by its Part V and
 * Part VI statements when it has them, and the reasonable-cause letter when
 * `generateLateFilingLetter`, or when the return is overdue on `asOf` and it is not false; a partnership is a 1065 and one Schedule K-1 per partner.
 */
export function planPacket(
  filingKind: FilingKind,
  formData: Record<string, unknown>,
  registry: FormRegistry = defaultFormRegistry(),
  asOf: string = todayUtc(),
): PacketPlan {
  const parts: PacketPlan['parts'] = [];
  const omitted: OmittedForm[] = [];
  const index = () => String(parts.length + 1).padStart(2, '0');
  const taxYear = yearOf(typeof formData.taxYearBegin === 'string' ? formData.taxYearBegin : undefined);
  const add = (form: FormId, input: unknown, name: string | undefined) => {
    const edition = registry.select(form, taxYear);
    parts.push({
      kind: 'form',
      edition,
      input,
      fileName: `${index()}-${slug(edition.title)}-${slug(name)}.pdf`,
    });
  };

  if (filingKind === '5472') {
    const filing = formData as SingleMemberInput;
    const cover: PlannedCover = {
      kind: 'cover',
      filing,
      fileName: `${index()}-read-first-how-to-sign-and-file.pdf`,
    };
    parts.push(cover);
    // The part for the owner first (this page, then the Form 7004 sent on its own), then the part to file.
    if (filing.generateForm7004 === true || filing.form7004Paid === true) {
      const { due } = filingDueDates('5472', formData);
      if (due !== null && asOf > due) omitted.push({ form: '7004', reason: form7004LateReason(due, asOf) });
      else {
        add('7004', { filing }, filing.llcName ?? '');
        cover.with7004 = true;
      }
    }
    add('1120', { filing }, filing.llcName ?? '');
    const parties = Array.isArray(filing.relatedParties) ? filing.relatedParties : [];
    const formCount = Math.max(parties.length, 1);
    // Part II past lines 6 and 7 continues on a statement attached to every Form 5472.
    const partII = (relatedParty: RelatedPartyInput) => {
      if (indirectOwnersOf(filing).length <= INDIRECT_OWNER_LINES.length) return;
      const fileName = `${index()}-form-5472-part-ii-statement-${slug(relatedParty.name ?? filing.llcName)}.pdf`;
      parts.push({ kind: 'statement', part: 'II', filing, relatedParty, fileName });
    };
    if (parties.length === 0) {
      add('5472', { filing, relatedParty: undefined, formCount }, filing.llcName ?? '');
      partII({});
    }
    for (const relatedParty of parties) {
      add('5472', { filing, relatedParty, formCount }, relatedParty.name);
      partII(relatedParty);
      if (form5472Amounts(relatedParty).partV.length > 0) {
        const fileName = `${index()}-form-5472-part-v-statement-${slug(relatedParty.name)}.pdf`;
        parts.push({ kind: 'statement', part: 'V', filing, relatedParty, fileName });
      }
      if (relatedParty.nonmonetaryTransactions === true) {
        const fileName = `${index()}-form-5472-part-vi-statement-${slug(relatedParty.name)}.pdf`;
        parts.push({ kind: 'statement', part: 'VI', filing, relatedParty, fileName });
      }
    }
    if (includesLateFilingLetter('5472', formData, asOf)) {
      parts.push({ kind: 'letter', filing, fileName: `${index()}-reasonable-cause-letter.pdf` });
    }
  } else {
    const filing = formData as PartnershipInput;
    add('1065', { filing, asOf }, filing.partnershipName ?? '');
    const shares = k1Shares(filing);
    (Array.isArray(filing.partners) ? filing.partners : []).forEach((partner, index) => {
      add('1065-K1', { filing, partner, share: shares?.[index] }, partner.name);
    });
    if ((filing.partners ?? []).some((partner) => partner?.isForeign === true)) {
      const index = String(parts.length + 1).padStart(2, '0');
      parts.push({ kind: 'worksheet', filing, fileName: `${index}-forms-8804-8805-figures.pdf` });
    }
    if (filing.generateLateFilingLetter === true) {
      parts.push({
        kind: 'letter',
        form: '1065',
        filing,
        fileName: `${index()}-reasonable-cause-letter.pdf`,
      });
    }
    // Each K-1's section 199A statement (box 20, code Z), after the pages the other tests count.
    if (section199A(filing).computed) {
      (filing.partners ?? []).forEach((partner, partnerIndex) => {
        const fileName = `${index()}-section-199a-statement-${slug(partner?.name) || String(partnerIndex + 1)}.pdf`;
        parts.push({ kind: 'section199A', filing, partnerIndex, fileName });
      });
    }
  }

  const editions: PacketPlan['editions'] = [];
  // Listed in filing order: the forms to file, then the owner's (Form 7004).
  const ordered = [
    ...parts.filter((part) => sectionOf(part) === 'file'),
    ...parts.filter((part) => sectionOf(part) === 'owner'),
  ];
  for (const part of ordered) {
    if (part.kind !== 'form') continue;
    if (!editions.some((seen) => seen.form === part.edition.form)) {
      editions.push({ form: part.edition.form, edition: part.edition.edition });
    }
  }
  return { filingKind, parts, omitted, editions };
}
