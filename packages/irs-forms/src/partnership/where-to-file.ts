/**
 * Where each form of a partnership return is mailed (check_filing's `how_to_file.where_to_file`):
 * Form 1065, Forms 8804 and 8805, Form 8813 and the partnership's Form 7004, each with the edition
 * of the instructions its address comes from and whether that edition is the current one. An
 * address that could not be confirmed is never guessed: `address` is null and `note` says why
 * (rules form1065WhereToFile, form8804WhereToFile, form7004WhereToFilePartnership).
 */
import type { PartnershipInput } from '../filing-input.js';
import { FORM_8804_ADDRESS, mustEfile1065, PARTNERSHIP_RULES } from './partnership-rules.js';
import { form1065Address } from './where-to-file-1065.js';

/** One form's mailing address, with the instructions it comes from. */
export type WhereToFile = {
  form: '1065' | '8804' | '8805' | '8813' | '7004';
  /** The address to mail it to; null when none is given (`note` says why). */
  address: string | null;
  /** The edition of the instructions the address was read in. */
  edition: string | null;
  /** True only when the address was confirmed in the instructions for the current year. */
  current_edition_confirmed: boolean;
  note: string;
  source: string;
};

const EDITION_1065 = 'Instructions for Form 1065 (2022)';
const EDITION_8804 = 'Instructions for Forms 8804, 8805, and 8813 (2007)';

/** The Where To File answers of a partnership return; 8804, 8805 and 8813 only with a foreign partner. */
export function partnershipWhereToFile(filing: PartnershipInput): WhereToFile[] {
  const address1065 = form1065Address(filing);
  const efile = mustEfile1065(filing);
  const out: WhereToFile[] = [
    {
      form: '1065',
      address: efile ? null : address1065.address,
      edition: EDITION_1065,
      current_edition_confirmed: false,
      note: efile
        ? 'this return must be e-filed: it is not mailed'
        : `${address1065.reason}. The table is the 2022 instructions’: the 2025 Instructions for Form 1065’s Where To File table could not be confirmed here; check it before mailing.`,
      source: PARTNERSHIP_RULES.form1065WhereToFile.source,
    },
  ];
  const partners = Array.isArray(filing.partners) ? filing.partners : [];
  if (partners.some((partner) => partner?.isForeign === true)) {
    const note = `the address of the ${EDITION_8804}, the latest edition found with the search tool; the current edition’s address could not be confirmed here: check it before mailing`;
    for (const form of ['8804', '8805', '8813'] as const) {
      out.push({
        form,
        address: FORM_8804_ADDRESS,
        edition: EDITION_8804,
        current_edition_confirmed: false,
        note:
          form === '8805'
            ? `Copy A attached to Form 8804 (one for each foreign partner): ${note}`
            : form === '8813'
              ? `with each installment of section 1446 tax paid by check: ${note}`
              : note,
        source: PARTNERSHIP_RULES.form8804WhereToFile.source,
      });
    }
  }
  out.push({
    form: '7004',
    address: null,
    edition: null,
    current_edition_confirmed: false,
    note: PARTNERSHIP_RULES.form7004WhereToFilePartnership.rule,
    source: PARTNERSHIP_RULES.form7004WhereToFilePartnership.source,
  });
  return out;
}
