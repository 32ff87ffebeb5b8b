/** The parts a packet plan holds, of every kind of filing, and the file names they are given. */
import type { FormEdition, FormId } from './form-edition.js';
import type { PartnershipInput, RelatedPartyInput, SingleMemberInput } from './filing-input.js';

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

/** One part of a packet, in filing order. */
export type PacketPart =
  | PlannedCover
  | PlannedForm
  | PlannedLetter
  | PlannedStatement
  | PlannedWorksheet
  | PlannedSection199A;

/** `value` as a file-name word: lower case, dashes, at most 40 characters; `unnamed` when empty. */
export function slug(value: string | undefined): string {
  const text = (value ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return text === '' ? 'unnamed' : text;
}
