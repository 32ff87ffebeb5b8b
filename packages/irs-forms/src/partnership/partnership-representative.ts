/**
 * Form 1065 (2025) page 4, Designation of Partnership Representative (rules partnershipRepresentative
 * and electionOut6221b): who must be named, what is printed, and when the election out under section
 * 6221(b) (Schedule B question 33 "Yes") removes the designation.
 */
import type { TemplateField } from '../form-edition.js';
import type { PartnershipInput } from '../filing-input.js';
import type { InvalidField, MissingLine } from '../readiness-types.js';

export const REPRESENTATIVE_LABELS = {
  firstName: 'First name of the partnership representative (PR), when the PR is an individual',
  lastName: 'Last name of the PR, when the PR is an individual',
  entityName: 'Name of the PR, when the PR is an entity (then designatedIndividual is required)',
  street: 'U.S. street address of the PR',
  city: 'City of the PR',
  state: 'State of the PR (two-letter code)',
  zip: 'U.S. ZIP code of the PR',
  phone: 'U.S. phone number of the PR',
  tin: 'U.S. TIN of the PR (SSN, ITIN or EIN): the regulations require one; the 2025 form has no box for it, so it is not printed',
} as const;

export const DESIGNATED_INDIVIDUAL_LABELS = {
  firstName: 'First name of the designated individual (DI)',
  lastName: 'Last name of the DI',
  street: 'U.S. street address of the DI',
  city: 'City of the DI',
  state: 'State of the DI (two-letter code)',
  zip: 'U.S. ZIP code of the DI',
  phone: 'U.S. phone number of the DI',
  tin: 'U.S. TIN of the DI (SSN or ITIN): required by the regulations, not printed (no box on the 2025 form)',
} as const;

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
const US_ZIP = /^\d{5}(-\d{4})?$/;
const US_PHONE = /^(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
const US_TIN = /^(\d{3}-?\d{2}-?\d{4}|\d{2}-?\d{7})$/;

/** Whether the filing elects out under section 6221(b) (question 33 "Yes"). */
export function electsOut(filing: PartnershipInput): boolean {
  return record(filing.scheduleB).line33 === true;
}

/** Item I1 types that can never be eligible partners for the election out. */
const INELIGIBLE = new Set([
  'partnership',
  'limited partnership',
  'limited liability partnership',
  'trust',
  'disregarded entity',
  'nominee/custodian',
  'ira/sep/keogh/retirement plan',
]);

/** What the designation needs (missing) and what is wrong with it or with an election out (invalid). */
export function representativeProblems(
  filing: PartnershipInput,
  options: { overdue: boolean },
): { missing: MissingLine[]; invalid: InvalidField[] } {
  const missing: MissingLine[] = [];
  const invalid: InvalidField[] = [];
  const scheduleB = record(filing.scheduleB);
  if (scheduleB.line33 === true) {
    const partners = Array.isArray(filing.partners) ? filing.partners : [];
    const ineligible = partners.flatMap((partner, index) =>
      INELIGIBLE.has(
        String(partner?.entityType ?? '')
          .trim()
          .toLowerCase(),
      )
        ? [`partners[${index}] (${String(partner?.entityType)})`]
        : [],
    );
    if (ineligible.length > 0 || partners.length > 100) {
      invalid.push({
        field: 'scheduleB.line33',
        message: `the election out under section 6221(b) needs 100 or fewer partners, each an individual, a C or S corporation, a foreign entity that would be a C corporation, or an estate of a deceased partner; not eligible: ${ineligible.join(', ') || `${partners.length} partners`}. Answer false and designate the partnership representative`,
      });
    }
    if (options.overdue) {
      invalid.push({
        field: 'scheduleB.line33',
        message:
          'the election out is made only on a timely filed return (extensions included); this return is late: answer false and designate the partnership representative',
      });
    }
    return { missing, invalid };
  }
  const line = 'Designation of Partnership Representative';
  if (filing.partnershipRepresentative === undefined || filing.partnershipRepresentative === null) {
    missing.push({ form: '1065', line, field: 'partnershipRepresentative' });
    return { missing, invalid };
  }
  const pr = record(filing.partnershipRepresentative);
  const need = (at: string, value: unknown, field: string) => {
    if (blank(value)) missing.push({ form: '1065', line: at, field });
  };
  const isEntity = !blank(pr.entityName);
  if (!isEntity) {
    need(`${line}: name of PR`, pr.firstName, 'partnershipRepresentative.firstName');
    need(`${line}: name of PR`, pr.lastName, 'partnershipRepresentative.lastName');
  }
  const place = (who: Record<string, unknown>, path: string, label: string) => {
    need(`${line}: U.S. address of ${label}`, who.street, `${path}.street`);
    need(`${line}: U.S. address of ${label}`, who.city, `${path}.city`);
    need(`${line}: U.S. address of ${label}`, who.state, `${path}.state`);
    need(`${line}: U.S. address of ${label}`, who.zip, `${path}.zip`);
    need(`${line}: U.S. phone number of ${label}`, who.phone, `${path}.phone`);
    need(`${line}: U.S. TIN of ${label} (not printed)`, who.tin, `${path}.tin`);
    if (!blank(who.zip) && !US_ZIP.test(String(who.zip).trim()))
      invalid.push({
        field: `${path}.zip`,
        message: `must be a U.S. ZIP code (the ${label} needs a U.S. address)`,
      });
    if (!blank(who.phone) && !US_PHONE.test(String(who.phone).trim()))
      invalid.push({ field: `${path}.phone`, message: `must be a U.S. phone number, e.g. 415-555-0100` });
    if (!blank(who.tin) && !US_TIN.test(String(who.tin).trim()))
      invalid.push({
        field: `${path}.tin`,
        message: 'must be a U.S. TIN: SSN or ITIN (NNN-NN-NNNN) or EIN (NN-NNNNNNN)',
      });
  };
  place(pr, 'partnershipRepresentative', 'PR');
  if (isEntity) {
    const di = record(pr.designatedIndividual);
    const path = 'partnershipRepresentative.designatedIndividual';
    need(`${line}: name of DI`, di.firstName, `${path}.firstName`);
    need(`${line}: name of DI`, di.lastName, `${path}.lastName`);
    place(di, path, 'DI');
  }
  return { missing, invalid };
}

const P4 = 'topmostSubform[0].Page4[0].';
const PLACES = ['street', 'city', 'state', 'zip', 'phone'] as const;

/** The template fields: `pr_name`, `pr_lastName`, `pr_street` ... and `di_*` (f4_04-f4_17). */
export function representativeFields(): Record<string, TemplateField> {
  const out: Record<string, TemplateField> = {};
  for (const [prefix, first, label] of [
    ['pr', 4, 'PR'],
    ['di', 11, 'DI'],
  ] as const) {
    ['name', 'lastName', ...PLACES].forEach((key, index) => {
      out[`${prefix}_${key}`] = {
        name: `${P4}f4_${String(first + index).padStart(2, '0')}[0]`,
        type: 'text',
        line: `Designation of Partnership Representative: ${label} ${key}`,
      };
    });
  }
  return out;
}

/** The printed designation; nothing when the partnership elects out. */
export function representativeValues(filing: PartnershipInput): Record<string, string | undefined> {
  if (electsOut(filing)) return {};
  const pr = record(filing.partnershipRepresentative);
  const text = (value: unknown) => (blank(value) ? undefined : String(value).trim());
  const values: Record<string, string | undefined> = {};
  const isEntity = !blank(pr.entityName);
  values.pr_name = isEntity ? text(pr.entityName) : text(pr.firstName);
  values.pr_lastName = isEntity ? undefined : text(pr.lastName);
  for (const key of PLACES) values[`pr_${key}`] = text(pr[key]);
  if (isEntity) {
    const di = record(pr.designatedIndividual);
    values.di_name = text(di.firstName);
    values.di_lastName = text(di.lastName);
    for (const key of PLACES) values[`di_${key}`] = text(di[key]);
  }
  return values;
}
