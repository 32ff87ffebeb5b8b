import { FOREIGN_OWNED_DE_ADDRESS, FOREIGN_OWNED_DE_FAX } from './single-member/de-filing-address.js';
import { IRS_RULES } from './irs-rules.js';

/**
 * Where a foreign-owned U.S. DE files Form 5472 with its pro forma 1120 (rule foreignOwnedDeFiling):
 * the IRS fax number as printed and in E.164 (what a fax provider dials), and the mailing address.
 */
export const FOREIGN_OWNED_DE_FILING = Object.freeze({
  fax: FOREIGN_OWNED_DE_FAX,
  faxE164: `+1${FOREIGN_OWNED_DE_FAX.replaceAll('-', '')}`,
  mail: FOREIGN_OWNED_DE_ADDRESS,
  source: IRS_RULES.foreignOwnedDeFiling.source,
});

/** How a return was filed. */
export type FilingMethod = 'fax' | 'mail' | 'e-file';

/** The filing methods, in the order the tools list them. */
export const FILING_METHODS: readonly FilingMethod[] = Object.freeze(['fax', 'mail', 'e-file']);

/** What proves a filing and its date: what to keep, and the rule it rests on with its source. */
export interface FilingProof {
  /** What to keep, and which date counts. */
  keep: string;
  source: string;
}

const PROOF: Readonly<Record<FilingMethod, FilingProof>> = Object.freeze({
  mail: { keep: IRS_RULES.timelyMailing.rule, source: IRS_RULES.timelyMailing.source },
  fax: { keep: IRS_RULES.faxFilingDate.rule, source: IRS_RULES.faxFilingDate.source },
  'e-file': { keep: IRS_RULES.electronicFilingDate.rule, source: IRS_RULES.electronicFilingDate.source },
});

/** The proof to keep for a return filed by `method`, with its source. */
export function filingProof(method: FilingMethod): FilingProof {
  return PROOF[method];
}

/**
 * The day (YYYY-MM-DD) a fax delivered at `instant` counts as filed: the calendar day in Ogden, Utah,
 * where the IRS fax line for foreign-owned U.S. DEs is answered (see {@link IRS_RULES}.faxFilingDate).
 */
export function faxFilingDay(instant: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Denver',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}
