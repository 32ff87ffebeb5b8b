import type { PartnershipInput } from './filing-input.js';
import type { FilingMethod } from './filed.js';
import { IRS_RULES } from './irs-rules.js';
import type { FilingKind } from './packet-plan.js';
import { mustEfile1065 } from './partnership/partnership-rules.js';
import { checkFilingReadiness } from './readiness.js';
import type { InvalidField, MissingLine } from './readiness-types.js';

/** How a return of a kind may be filed: the methods, and the rule they rest on with its source. */
export interface FilingMethods {
  methods: readonly FilingMethod[];
  rule: string;
  source: string;
}

const RETURN_OF: Readonly<Record<FilingKind, string>> = Object.freeze({
  '5472': 'A foreign-owned U.S. DE’s Form 5472 with its pro forma 1120',
  partnership: 'A Form 1065',
});

/**
 * The methods a return of `kind` is filed by: fax or mail for a foreign-owned U.S. DE's Form 5472
 * with its pro forma 1120 (never electronically: rule foreignOwnedDeFiling); mail or e-file for a
 * Form 1065 (no fax route: rule form1065Methods), e-file only when it must be e-filed (rule
 * form1065Efile).
 */
export function filingMethods(kind: FilingKind, formData: Record<string, unknown>): FilingMethods {
  if (kind === '5472') {
    const { rule, source } = IRS_RULES.foreignOwnedDeFiling;
    return { methods: ['fax', 'mail'], rule, source };
  }
  if (mustEfile1065(formData as PartnershipInput)) {
    const { rule, source } = IRS_RULES.form1065Efile;
    return { methods: ['e-file'], rule, source };
  }
  const { rule, source } = IRS_RULES.form1065Methods;
  return { methods: ['mail', 'e-file'], rule, source };
}

/** What recording a return as filed would record: refused with the reason, or accepted with notes. */
export type FiledRecordCheck = { ok: true; notes: string[] } | { ok: false; reason: string };

/** At most this many lines and values are named in a refusal; check_filing lists them all. */
const NAMED = 8;

function listed<T>(items: readonly T[], show: (item: T) => string): string {
  const shown = items.slice(0, NAMED).map(show).join('; ');
  return items.length > NAMED ? `${shown}; and ${items.length - NAMED} more` : shown;
}

const missingLine = (line: MissingLine) =>
  `Form ${line.form}${line.part ? ` Part ${line.part}` : ''} line ${line.line} (${line.field})`;
const invalidValue = (value: InvalidField) => `${value.field}: ${value.message}`;
/** A rule's source inside parentheses, without its closing full stop. */
const cited = (source: string) => `(${source.replace(/\.$/, '')})`;

/**
 * Whether a return of `kind` with `formData` can be recorded as filed by `method` on `date`: the
 * method must be one the kind is filed by ({@link filingMethods}), and the filing must be complete
 * as of `date`: nothing missing, nothing invalid (check_filing's lists, as of the filing date). A
 * substantially incomplete Form 5472 is a failure to file (rule penalty6038A), and a Form 1065 that
 * fails to show the information required is penalized like a late one (rule
 * latePartnershipReturnPenalty). A partnership's forms to prepare elsewhere do not refuse the
 * record (they are filed with a preparer's help): the notes name them.
 */
export function checkFiledRecord(
  kind: FilingKind,
  formData: Record<string, unknown>,
  method: FilingMethod,
  date: string,
): FiledRecordCheck {
  const allowed = filingMethods(kind, formData);
  if (!allowed.methods.includes(method)) {
    return {
      ok: false,
      reason: `${RETURN_OF[kind]} is not filed by ${method}: it is filed by ${allowed.methods.join(' or ')}. ${allowed.rule} ${cited(allowed.source)}.`,
    };
  }
  const readiness = checkFilingReadiness(kind, formData, undefined, date);
  // "More than 100 partners: the return must be e-filed" is a problem of a paper return only.
  const invalid = readiness.invalid.filter(
    (value) => !(kind === 'partnership' && method === 'e-file' && value.field === 'partners'),
  );
  const { missing } = readiness;
  if (missing.length > 0 || invalid.length > 0) {
    const problems = [
      missing.length > 0 && `${missing.length} required line(s) empty: ${listed(missing, missingLine)}`,
      invalid.length > 0 && `${invalid.length} value(s) invalid: ${listed(invalid, invalidValue)}`,
    ].filter(Boolean);
    const incomplete =
      kind === '5472'
        ? `a substantially incomplete Form 5472 is a failure to file ${cited(IRS_RULES.penalty6038A.source)}`
        : `a Form 1065 that fails to show the information required is penalized as a late one ${cited(IRS_RULES.latePartnershipReturnPenalty.source)}`;
    return {
      ok: false,
      reason: `The filing is not complete as of ${date}, so it is not recorded as filed: ${problems.join('. ')}. A return filed so would be incomplete: ${incomplete}. Complete the filing (complete_filing or update_filing; check_filing lists each line), file the complete return, then call mark_filed again.`,
    };
  }
  const elsewhere = readiness.prepare_elsewhere ?? [];
  return {
    ok: true,
    notes:
      elsewhere.length > 0
        ? [
            `Recorded on your word that the return included the forms this service does not prepare: ${elsewhere.map((form) => form.form).join(', ')}.`,
          ]
        : [],
  };
}
