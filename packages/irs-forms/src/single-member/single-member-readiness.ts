import { isRealDate } from '../due-dates.js';
import type { RelatedPartyInput, SingleMemberInput } from '../filing-input.js';
import type { Penalty } from '../lateness.js';
import {
  PART_VII_QUESTIONS,
  PART_VII_RELATED_PARTY_LINES,
  type PartVIILine,
  type PartVIIQuestion,
  partVIIAnswersFor,
  partVIIAsked,
} from './part-vii.js';
import { IRS_RULES } from '../irs-rules.js';
import { checkIndirectOwners } from './part-ii-readiness.js';
import { type InvalidField, isEmpty, type MissingLine } from '../readiness-types.js';
import {
  AMBIGUOUS_TRANSACTION_KINDS,
  type AmbiguousTransactionKindName,
  RELATIONSHIP_NAMES,
  RELATIONSHIPS,
  TRANSACTION_KINDS,
  wholeDollars,
} from './transaction-kinds.js';

export { isEmpty } from '../readiness-types.js';

const ALLOWED_RELATIONSHIPS = RELATIONSHIP_NAMES.join(', ');

function checkParty(
  party: RelatedPartyInput,
  index: number,
  noneReported: boolean,
  missing: MissingLine[],
  invalid: InvalidField[],
): void {
  const at = `relatedParties[${index}]`;
  const need = (part: string, line: string, field: keyof RelatedPartyInput & string) => {
    if (isEmpty(party[field])) missing.push({ form: '5472', part, line, field: `${at}.${field}` });
  };
  need('III', '8a', 'name');
  need('III', '8a (address)', 'street');
  need('III', '8a (address)', 'city');
  need('III', '8a (address)', 'country');
  // Instructions, Part III: a reference ID number stands in for a missing U.S. identifying number.
  if (isEmpty(party.usIdentifyingNumber)) need('III', '8b(2)', 'referenceIdNumber');
  need('III', '8c', 'businessActivity');
  if (isEmpty(party.relationship)) {
    missing.push({ form: '5472', part: 'III', line: '8e', field: `${at}.relationship` });
  } else {
    const values = Array.isArray(party.relationship) ? party.relationship : [party.relationship];
    for (const value of values) {
      if (typeof value === 'string' && Object.hasOwn(RELATIONSHIPS, value)) continue;
      invalid.push({
        field: `${at}.relationship`,
        message: `"${String(value)}" is not a line 8e box: use one of ${ALLOWED_RELATIONSHIPS}, or a list of those that apply`,
      });
    }
  }
  need('III', '8f', 'businessCountries');
  need('III', '8g', 'taxResidenceCountries');

  const transactions = Array.isArray(party.transactions) ? party.transactions : [];
  if (transactions.length === 0 && !noneReported) {
    missing.push({ form: '5472', part: 'IV/V', line: '9-36, V', field: `${at}.transactions` });
  }
  transactions.forEach((transaction, position) => {
    const field = `${at}.transactions[${position}]`;
    if (
      typeof transaction?.kind === 'string' &&
      Object.hasOwn(AMBIGUOUS_TRANSACTION_KINDS, transaction.kind)
    ) {
      const ambiguous = AMBIGUOUS_TRANSACTION_KINDS[transaction.kind as AmbiguousTransactionKindName];
      invalid.push({ field: `${field}.kind`, message: `"${transaction.kind}" ${ambiguous.message}` });
    } else if (typeof transaction?.kind !== 'string' || !Object.hasOwn(TRANSACTION_KINDS, transaction.kind)) {
      invalid.push({ field: `${field}.kind`, message: 'is not a transaction kind: see get_form_schema' });
    }
    if (wholeDollars(transaction?.amount) === undefined) {
      invalid.push({
        field: `${field}.amount`,
        message: 'must be whole US dollars, a number or a string of digits, e.g. 5000',
      });
    }
  });
  if (typeof party.nonmonetaryTransactions !== 'boolean') {
    missing.push({ form: '5472', part: 'VI', line: 'VI', field: `${at}.nonmonetaryTransactions` });
  } else if (party.nonmonetaryTransactions) {
    need('VI', 'VI (statement)', 'nonmonetaryStatement');
  }
}

/** One Form 5472's Part VII, answered by its related party or by the filing's default. */
function checkPartVII(
  filing: SingleMemberInput,
  party: RelatedPartyInput | undefined,
  index: number | undefined,
  partyCount: number,
  missing: MissingLine[],
  invalid: InvalidField[],
): void {
  const { answers, source } = partVIIAnswersFor(filing.partVII, party?.partVII, partyCount);
  const fieldOf = (line: PartVIILine) =>
    index !== undefined &&
    (source[line] === 'party' ||
      (source[line] === undefined && partyCount > 1 && PART_VII_RELATED_PARTY_LINES.includes(line)))
      ? `relatedParties[${index}].partVII.${line}`
      : `partVII.${line}`;
  for (const key of Object.keys(PART_VII_QUESTIONS)) {
    const line = key as PartVIILine;
    const question: PartVIIQuestion = PART_VII_QUESTIONS[line];
    if (!partVIIAsked(line, answers)) continue;
    const value = answers[line];
    const field = fieldOf(line);
    if (value === undefined || value === null || value === '') {
      missing.push({ form: '5472', part: 'VII', line: question.line, field });
    } else if (question.kind === 'yes_no' ? typeof value !== 'boolean' : wholeDollars(value) === undefined) {
      invalid.push({
        field,
        message:
          question.kind === 'yes_no'
            ? 'must be true (Yes) or false (No)'
            : 'must be whole US dollars, a number or a string of digits, e.g. 5000',
      });
    }
  }
  // Lines this service cannot complete: say so rather than file a form missing them.
  if (answers.line39 === true) {
    invalid.push({
      field: fieldOf('line39'),
      message:
        'Yes needs Part VIII (cost sharing arrangement), which this service does not produce: have a preparer complete it',
    });
  }
  if (answers.line37 === true && answers.line38a === true) {
    invalid.push({
      field: fieldOf('line38a'),
      message:
        'Yes needs the line 38b statement, which this service does not produce: have a preparer attach it',
    });
  }
}

/** Part VII of every Form 5472 of the filing (one when no related party is listed yet). */
function checkEveryPartVII(
  filing: SingleMemberInput,
  parties: RelatedPartyInput[],
  missing: MissingLine[],
  invalid: InvalidField[],
): void {
  const found: { missing: MissingLine[]; invalid: InvalidField[] } = { missing: [], invalid: [] };
  if (parties.length === 0) checkPartVII(filing, undefined, undefined, 0, found.missing, found.invalid);
  parties.forEach((party, index) => {
    checkPartVII(filing, party ?? {}, index, parties.length, found.missing, found.invalid);
  });
  // A filing-level answer serves every form: report it once.
  const seen = new Set<string>();
  for (const line of found.missing) if (!seen.has(line.field) && seen.add(line.field)) missing.push(line);
  for (const item of found.invalid) {
    const itemKey = `${item.field}\n${item.message}`;
    if (!seen.has(itemKey) && seen.add(itemKey)) invalid.push(item);
  }
  const answers = filing.partVII && typeof filing.partVII === 'object' ? filing.partVII : undefined;
  if (parties.length > 1) {
    for (const line of PART_VII_RELATED_PARTY_LINES) {
      const value = answers?.[line];
      if (value === undefined || value === null || value === '' || value === false) continue;
      if (parties.every((party) => party?.partVII?.[line] !== undefined)) continue;
      invalid.push({
        field: `partVII.${line}`,
        message: `line ${PART_VII_QUESTIONS[line].line} asks about the related party of each Form 5472, and the filing has ${parties.length}: answer it per related party in relatedParties[].partVII.${line} (this filing-level answer is used only as No, or with one related party)`,
      });
    }
  }
}

/** The single-member checks beyond the top-level required lines: Parts III-VII, signature, letter. */
export function checkSingleMember(
  filing: SingleMemberInput,
  missing: MissingLine[],
  invalid: InvalidField[],
): void {
  const parties = Array.isArray(filing.relatedParties) ? filing.relatedParties : [];
  const noneReported = filing.noReportableTransactions === true;
  if (parties.length === 0) {
    missing.push({ form: '5472', part: 'III', line: '8a', field: 'relatedParties' });
  }
  parties.forEach((party, index) => {
    checkParty(party ?? {}, index, noneReported, missing, invalid);
  });
  if (noneReported && parties.some((party) => (party?.transactions?.length ?? 0) > 0)) {
    invalid.push({
      field: 'noReportableTransactions',
      message: 'is true, but related parties list transactions: remove one or the other',
    });
  }
  if ('transactions' in filing) {
    invalid.push({
      field: 'transactions',
      message: 'is not read: transactions belong to each related party, in relatedParties[].transactions',
    });
  }
  checkEveryPartVII(filing, parties, missing, invalid);
  checkIndirectOwners(filing, missing, invalid);

  for (const [line, field] of [
    ['Signature of officer', 'signerName'],
    ['Title', 'signerTitle'],
    ['Date', 'signatureDate'],
  ] as const) {
    if (isEmpty(filing[field])) missing.push({ form: '1120', part: 'Sign Here', line, field });
  }
  if (
    isRealDate(filing.signatureDate) &&
    isRealDate(filing.taxYearEnd) &&
    filing.signatureDate < filing.taxYearEnd
  ) {
    invalid.push({
      field: 'signatureDate',
      message: `is before the end of the tax year (${filing.taxYearEnd}): a return is signed on or after it`,
    });
  }
  if (filing.generateLateFilingLetter === true && isEmpty(filing.lateFilingReason)) {
    missing.push({
      form: '5472',
      part: 'reasonable-cause statement',
      line: 'Regs. 1.6038A-4(b)',
      field: 'lateFilingReason',
    });
  }
}

/** The §6038A(d) penalties of an overdue single-member filing. */
export function form5472Penalties(formCount: number, filing: SingleMemberInput, due: string): Penalty[] {
  const year = `${filing.taxYearBegin ?? '?'} to ${filing.taxYearEnd ?? '?'}`;
  return [
    {
      code: '6038A(d)(1)',
      description: `Form 5472 not filed by its due date (${due}): $25,000 for each Form 5472 for the tax year, unless the failure was due to reasonable cause (the reasonable-cause letter asks for relief).`,
      amount: 25_000 * formCount,
      basis: `$25,000 x ${formCount} Form${formCount === 1 ? '' : 's'} 5472 (one per related party), tax year ${year}.`,
      source: IRS_RULES.penalty6038A.source,
    },
    {
      code: '6038A(d)(2)',
      description:
        'Continuation penalty: if the IRS mails a notice of the failure and it continues more than 90 days after, $25,000 more per related party for each 30-day period (or part of one). It runs only after such a notice, which this service cannot know of: file as soon as possible.',
      amount: null,
      basis:
        '$25,000 per related party per 30-day period after 90 days from an IRS notice; no notice is known.',
      source: IRS_RULES.continuationPenalty.source,
    },
  ];
}
