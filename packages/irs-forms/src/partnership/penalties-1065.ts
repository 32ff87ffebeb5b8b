import type { PartnershipInput } from '../filing-input.js';
import { percentOf } from './lines.js';
import { WITHHOLDING_RULES } from './withholding-rules.js';

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * Whether Rev. Proc. 84-35 (rule smallPartnershipRelief) can relieve a late Form 1065, from what
 * the filing says: the conditions it fails, or the one it cannot check (that every partner fully
 * reported its share on a timely return).
 */
export function smallPartnershipRelief(filing: PartnershipInput): string {
  const partners = Array.isArray(filing.partners) ? filing.partners : [];
  const fails: string[] = [];
  const country = typeof filing.country === 'string' ? filing.country.trim().toLowerCase() : '';
  if (country !== '' && !['us', 'usa', 'united states', 'united states of america'].includes(country))
    fails.push('it is not a domestic partnership');
  if (partners.length > 10) fails.push(`it has ${partners.length} partners (more than 10)`);
  for (const partner of partners) {
    const entity = String(partner?.entityType ?? '').toLowerCase();
    const name = partner?.name ?? 'a partner';
    if (entity !== 'individual' && entity !== 'estate')
      fails.push(
        `${name} is not a natural person or an estate (${partner?.entityType ?? 'entity type not given'})`,
      );
    else if (entity === 'individual' && partner?.isForeign === true)
      fails.push(`${name} is a nonresident alien`);
    const shares = record(partner?.shares);
    const values = ['profitEnding', 'lossEnding', 'capitalEnding'].map((key) => percentOf(shares[key]));
    if (new Set(values).size > 1) fails.push(`${name}'s profit, loss and capital shares differ`);
    if (Object.keys(record(partner?.specialAllocations)).length > 0)
      fails.push(
        `${name} has a special allocation (its share of some item differs from its share of the others)`,
      );
  }
  if (fails.length > 0)
    return `Rev. Proc. 84-35 relief does not apply: ${fails.join('; ')}. ${WITHHOLDING_RULES.smallPartnershipRelief.rule}`;
  return `Rev. Proc. 84-35 relief may apply: the filing meets its conditions as far as the server can tell; it applies only if every partner fully reported its share of the partnership's income, deductions and credits on a timely filed return (the IRS may ask the partnership to show it). ${WITHHOLDING_RULES.smallPartnershipRelief.rule}`;
}

/** The form_data fields of a late partnership return's reasonable-cause statement. */
export const LATE_1065_FIELDS = ['generateLateFilingLetter', 'lateFilingReason', 'signerName', 'signerTitle'];

/** check_filing's late_filing path of an overdue Form 1065 (rules lateReturnStatement, smallPartnershipRelief). */
export function late1065Path(
  filing: PartnershipInput,
  dueInForce: string,
  daysLate: number,
  asOf: string,
): { summary: string; fields: string[]; missing: string[] } {
  const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
  return {
    summary: `The return was due ${dueInForce} and is ${daysLate} days late as of ${asOf}. File it now with a reasonable-cause statement signed under penalties of perjury: set generateLateFilingLetter to true and give lateFilingReason (the facts that prevented timely filing); signerName and signerTitle sign it. ${smallPartnershipRelief(filing)}`,
    fields: LATE_1065_FIELDS,
    missing: LATE_1065_FIELDS.filter((field) =>
      field === 'generateLateFilingLetter' ? filing.generateLateFilingLetter !== true : blank(filing[field]),
    ),
  };
}
