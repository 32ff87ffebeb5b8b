import type { FilingMethod } from './filed.js';
import { type FilingKind, rulesOf } from './filing-kinds.js';
import type { FilingMethods } from './kind-rules.js';
import { checkFilingReadiness } from './readiness.js';
import type { InvalidField, MissingLine } from './readiness-types.js';

export type { FilingMethods } from './kind-rules.js';

/**
 * The methods a return of `kind` is filed by, as its rules say (KindRules.filing.methods): fax or
 * mail for a foreign-owned U.S. DE's Form 5472 with its pro forma 1120 (never electronically: rule
 * foreignOwnedDeFiling); mail or e-file for a Form 1065 (no fax route: rule form1065Methods),
 * e-file only when it must be e-filed (rule form1065Efile).
 */
export function filingMethods(kind: FilingKind, formData: Record<string, unknown>): FilingMethods {
  return rulesOf(kind).filing.methods(formData);
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
  const { filing } = rulesOf(kind);
  const allowed = filing.methods(formData);
  if (!allowed.methods.includes(method)) {
    return {
      ok: false,
      reason: `${filing.returnName} is not filed by ${method}: it is filed by ${allowed.methods.join(' or ')}. ${allowed.rule} ${cited(allowed.source)}.`,
    };
  }
  const readiness = checkFilingReadiness(kind, formData, undefined, date);
  // A problem of a paper return only (a partnership's "more than 100 partners") is none of an e-filed one.
  const invalid = readiness.invalid.filter(
    (value) => !(method === 'e-file' && filing.paperOnlyFields.includes(value.field)),
  );
  const { missing } = readiness;
  if (missing.length > 0 || invalid.length > 0) {
    const problems = [
      missing.length > 0 && `${missing.length} required line(s) empty: ${listed(missing, missingLine)}`,
      invalid.length > 0 && `${invalid.length} value(s) invalid: ${listed(invalid, invalidValue)}`,
    ].filter(Boolean);
    const incomplete = `${filing.incomplete.consequence} ${cited(filing.incomplete.source)}`;
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
