/**
 * The kinds of reportable transaction a foreign-owned U.S. DE reports on Form 5472 (Rev. December
 * 2023): one per amount line of Part IV, named after the line's title on the form, and the Part V
 * kinds the instructions list for a DE. Part of the rules table ({@link IRS_RULES} re-exports it).
 */

/** A Part IV line that takes an amount (`17a` and `31a` are the beginning balances). */
export type PartIVLine =
  | '9'
  | '10'
  | '11'
  | '12'
  | '13a'
  | '13b'
  | '14'
  | '15'
  | '16'
  | '17a'
  | '17b'
  | '18'
  | '19'
  | '20'
  | '21'
  | '23'
  | '24'
  | '25'
  | '26'
  | '27a'
  | '27b'
  | '28'
  | '29'
  | '30'
  | '31a'
  | '31b'
  | '32'
  | '33'
  | '34'
  | '35';

/** One kind of transaction: where it goes on the form and what the line says. */
export interface TransactionKind {
  part: 'IV' | 'V';
  /** The Part IV line, or `V` for the Part V statement. */
  line: PartIVLine | 'V';
  /** The line's title as Form 5472 (Rev. December 2023) prints it (Part IV) or what the kind covers (Part V). */
  title: string;
  /** Where the choice is easy to get wrong: what goes here, and what does not. */
  example?: string;
}

/**
 * Every transaction kind, by the name `form_data` uses. Lines 17 and 31 ask for balances, not
 * flows: `17a`/`31a` the beginning balance and `17b`/`31b` the ending balance or monthly average.
 * Lines 22 and 36 add only the right-hand column (9-16, 17b, 18-21 and 23-30, 31b, 32-35): the
 * beginning balances sit in an inner column the totals do not name.
 */
export const TRANSACTION_KINDS = {
  sales_of_inventory: { part: 'IV', line: '9', title: 'Sales of stock in trade (inventory)' },
  sales_of_tangible_property: {
    part: 'IV',
    line: '10',
    title: 'Sales of tangible property other than stock in trade',
  },
  platform_contribution_payments_received: {
    part: 'IV',
    line: '11',
    title: 'Platform contribution transaction payments received',
  },
  cost_sharing_payments_received: {
    part: 'IV',
    line: '12',
    title: 'Cost sharing transaction payments received',
  },
  rents_received: {
    part: 'IV',
    line: '13a',
    title: 'Rents received (for other than intangible property rights)',
    example: 'Rent of land, buildings or equipment. Leasing out intangible property rights is line 14.',
  },
  royalties_received_other_than_intangible_property: {
    part: 'IV',
    line: '13b',
    title: 'Royalties received (for other than intangible property rights)',
    example:
      'Royalties not paid for intangible property rights, such as oil, gas or mineral royalties. A royalty for a trademark, patent, copyright, software or know-how is intangible_property_received (line 14).',
  },
  intangible_property_received: {
    part: 'IV',
    line: '14',
    title:
      'Sales, leases, licenses, etc., of intangible property rights (for example, patents, trademarks, secret formulas)',
    example:
      'Includes royalties and license fees received for a trademark, patent, copyright, software or know-how.',
  },
  service_fees_received: {
    part: 'IV',
    line: '15',
    title:
      'Consideration received for technical, managerial, engineering, construction, scientific, or like services',
  },
  commissions_received: { part: 'IV', line: '16', title: 'Commissions received' },
  amounts_borrowed_beginning_balance: {
    part: 'IV',
    line: '17a',
    title: 'Amounts borrowed: beginning balance',
  },
  amounts_borrowed: { part: 'IV', line: '17b', title: 'Amounts borrowed: ending balance or monthly average' },
  interest_received: { part: 'IV', line: '18', title: 'Interest received' },
  insurance_premiums_received: {
    part: 'IV',
    line: '19',
    title: 'Premiums received for insurance or reinsurance',
  },
  loan_guarantee_fees_received: { part: 'IV', line: '20', title: 'Loan guarantee fees received' },
  other_received: { part: 'IV', line: '21', title: 'Other amounts received' },
  purchases_of_inventory: { part: 'IV', line: '23', title: 'Purchases of stock in trade (inventory)' },
  purchases_of_tangible_property: {
    part: 'IV',
    line: '24',
    title: 'Purchases of tangible property other than stock in trade',
  },
  platform_contribution_payments_paid: {
    part: 'IV',
    line: '25',
    title: 'Platform contribution transaction payments paid',
  },
  cost_sharing_payments_paid: { part: 'IV', line: '26', title: 'Cost sharing transaction payments paid' },
  rents_paid: {
    part: 'IV',
    line: '27a',
    title: 'Rents paid (for other than intangible property rights)',
    example: 'Rent of an office, warehouse or equipment. A license of intangible property rights is line 28.',
  },
  royalties_paid_other_than_intangible_property: {
    part: 'IV',
    line: '27b',
    title: 'Royalties paid (for other than intangible property rights)',
    example:
      'Royalties not paid for intangible property rights, such as oil, gas or mineral royalties. A royalty for a trademark, patent, copyright, software or know-how is intangible_property_paid (line 28).',
  },
  intangible_property_paid: {
    part: 'IV',
    line: '28',
    title:
      'Purchases, leases, licenses, etc., of intangible property rights (for example, patents, trademarks, secret formulas)',
    example:
      'Includes royalties and license fees paid for a trademark, patent, copyright, software or know-how: a trademark royalty goes here, not on line 27b.',
  },
  service_fees_paid: {
    part: 'IV',
    line: '29',
    title:
      'Consideration paid for technical, managerial, engineering, construction, scientific, or like services',
  },
  commissions_paid: { part: 'IV', line: '30', title: 'Commissions paid' },
  amounts_loaned_beginning_balance: { part: 'IV', line: '31a', title: 'Amounts loaned: beginning balance' },
  amounts_loaned: { part: 'IV', line: '31b', title: 'Amounts loaned: ending balance or monthly average' },
  interest_paid: { part: 'IV', line: '32', title: 'Interest paid' },
  insurance_premiums_paid: { part: 'IV', line: '33', title: 'Premiums paid for insurance or reinsurance' },
  loan_guarantee_fees_paid: { part: 'IV', line: '34', title: 'Loan guarantee fees paid' },
  other_paid: { part: 'IV', line: '35', title: 'Other amounts paid' },
  capital_contribution: { part: 'V', line: 'V', title: 'Contribution to the entity' },
  distribution: { part: 'V', line: 'V', title: 'Distribution from the entity' },
  expenses_paid_on_behalf: {
    part: 'V',
    line: 'V',
    title: "Entity expenses paid by the owner on the entity's behalf",
  },
  formation_costs: {
    part: 'V',
    line: 'V',
    title: 'Amount paid or received in connection with the formation of the entity',
  },
  dissolution: {
    part: 'V',
    line: 'V',
    title: 'Amount paid or received in connection with the dissolution of the entity',
  },
  acquisition: {
    part: 'V',
    line: 'V',
    title: 'Amount paid or received in connection with the acquisition of the entity',
  },
  disposition: {
    part: 'V',
    line: 'V',
    title: 'Amount paid or received in connection with the disposition of the entity',
  },
  other: { part: 'V', line: 'V', title: 'Other transaction (Regulations section 1.482-1(i)(7))' },
} as const satisfies Record<string, TransactionKind>;

/** A transaction kind's name. */
export type TransactionKindName = keyof typeof TRANSACTION_KINDS;

/**
 * Names of earlier releases that do not say which line they mean: a royalty goes on line 13b/27b
 * only when it is not for intangible property rights, and on line 14/28 (with licenses of patents,
 * trademarks and the like) when it is. Still accepted in `form_data`, so that stored filings keep
 * loading, but never printed: check_filing reports each with the two kinds to choose from.
 */
export const AMBIGUOUS_TRANSACTION_KINDS = {
  royalties_received: {
    choices: ['intangible_property_received', 'royalties_received_other_than_intangible_property'],
    message:
      'does not say which Part IV line it is: a royalty for intangible property rights (trademark, patent, copyright, software, know-how) is intangible_property_received (line 14); any other royalty (e.g. oil, gas or minerals) is royalties_received_other_than_intangible_property (line 13b)',
  },
  royalties_paid: {
    choices: ['intangible_property_paid', 'royalties_paid_other_than_intangible_property'],
    message:
      'does not say which Part IV line it is: a royalty for intangible property rights (trademark, patent, copyright, software, know-how) is intangible_property_paid (line 28); any other royalty (e.g. oil, gas or minerals) is royalties_paid_other_than_intangible_property (line 27b)',
  },
} as const satisfies Record<string, { choices: readonly TransactionKindName[]; message: string }>;

/** An earlier, ambiguous kind name (accepted, reported, never printed). */
export type AmbiguousTransactionKindName = keyof typeof AMBIGUOUS_TRANSACTION_KINDS;

/** Every kind name, in form order (for the enums that choose one). */
export const TRANSACTION_KIND_NAMES = Object.keys(TRANSACTION_KINDS) as [
  TransactionKindName,
  ...TransactionKindName[],
];

/** Every name `form_data` accepts: the kinds and the earlier ambiguous names. */
export const ACCEPTED_TRANSACTION_KIND_NAMES = [
  ...TRANSACTION_KIND_NAMES,
  ...(Object.keys(AMBIGUOUS_TRANSACTION_KINDS) as AmbiguousTransactionKindName[]),
] as [
  TransactionKindName | AmbiguousTransactionKindName,
  ...(TransactionKindName | AmbiguousTransactionKindName)[],
];

/** The lines that lines 22 (received) and 36 (paid) add up. */
export const RECEIVED_TOTAL_LINES: readonly PartIVLine[] = [
  '9',
  '10',
  '11',
  '12',
  '13a',
  '13b',
  '14',
  '15',
  '16',
  '17b',
  '18',
  '19',
  '20',
  '21',
];
export const PAID_TOTAL_LINES: readonly PartIVLine[] = [
  '23',
  '24',
  '25',
  '26',
  '27a',
  '27b',
  '28',
  '29',
  '30',
  '31b',
  '32',
  '33',
  '34',
  '35',
];

/** The three boxes of line 8e ("Check boxes that apply"), by the value `relationship` takes. */
export const RELATIONSHIPS = {
  related_to_reporting_corporation: 'Related to reporting corporation',
  related_to_foreign_shareholder: 'Related to 25% foreign shareholder',
  foreign_shareholder: '25% foreign shareholder',
} as const;

/** A `relationship` value (a box of line 8e). */
export type Relationship = keyof typeof RELATIONSHIPS;

/** The `relationship` values, for enums and messages. */
export const RELATIONSHIP_NAMES = Object.keys(RELATIONSHIPS) as [Relationship, ...Relationship[]];

/**
 * The line 8e boxes `relationship` ticks: one box name or a list of them (the form says "check
 * boxes that apply"). Values that name no box are left out (check_filing reports them).
 */
export function relationshipBoxes(value: unknown): Relationship[] {
  const values = Array.isArray(value) ? value : [value];
  return RELATIONSHIP_NAMES.filter((name) => values.includes(name));
}

/** Whole US dollars: a non-negative integer, or a string of digits. Anything else is undefined. */
export function wholeDollars(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return undefined;
}
