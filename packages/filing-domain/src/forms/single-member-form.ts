import * as z from 'zod';
import { once } from '../once.js';
import {
  ACCEPTED_TRANSACTION_KIND_NAMES,
  PART_VII_QUESTIONS,
  PART_VII_RELATED_PARTY_LINES,
  type PartVIILine,
  RELATIONSHIP_NAMES,
  TRANSACTION_KIND_NAMES,
  TRANSACTION_KINDS,
} from '@filing-mcp/irs-forms/kinds';
import { askedChoices } from './asked-choices.js';
import {
  calendarDate,
  countries,
  ein,
  stringOrNumber,
  text,
  usTaxpayerId,
  wholeDollars,
} from './form-fields.js';

/** Bounds on one single-member filing: related parties, and transactions of each. */
export const MAX_RELATED_PARTIES = 50;
export const MAX_TRANSACTIONS_PER_PARTY = 200;

/** The single-member form schemas, built by the first call (the public exports are in schemas.ts). */
export const singleMemberFormSchemas = once(() => {
  /** Whole US dollars: a number or a string of digits (no commas, currency or decimals). */
  const usdMessage = 'must be whole US dollars, a number or a string of digits, e.g. 5000 (not "5,000 USD")';
  const wholeUsd = z.union(
    [
      z
        .number({ message: usdMessage })
        .int({ message: usdMessage })
        .nonnegative({ message: usdMessage })
        .max(Number.MAX_SAFE_INTEGER, { message: usdMessage }),
      z.string({ message: usdMessage }).regex(/^\d{1,15}$/, { message: usdMessage }),
    ],
    { message: usdMessage },
  );

  /** A transaction's kind (validated as the names; see askedChoices). */
  const transactionKind = text
    .refine((value) => (ACCEPTED_TRANSACTION_KIND_NAMES as readonly string[]).includes(value), {
      message: `must be one of: ${TRANSACTION_KIND_NAMES.join(', ')}`,
    })
    .describe(
      'Part IV line (received 9-21, paid 23-35) or Part V kind: each with its line and label in get_form_schema transaction_kinds. A trademark, patent or software royalty is intangible_property_paid (line 28), not 27b.',
    );
  // complete_filing asks it as the kinds, each with its line and label (never as free text).
  askedChoices.add(transactionKind, {
    choices: TRANSACTION_KIND_NAMES.map((kind) => {
      const { line, title } = TRANSACTION_KINDS[kind];
      return { value: kind, title: line === 'V' ? `Part V: ${title}` : `Line ${line}: ${title}` };
    }),
  });

  /** One reportable transaction with the related party (Form 5472 Part IV line or Part V). */
  const transactionSchema = z.looseObject({
    id: text
      .optional()
      .describe('Stable id of the transaction; assigned by the server when absent, then kept.'),
    // Validated as the enum of kinds (and the earlier royalties_paid/royalties_received, which stay
    // accepted so stored filings load, and which check_filing refuses with the two kinds to choose
    // from); advertised as a string: get_form_schema's transaction_kinds lists each kind with its
    // line and label, which a bare enum in tools/list could not carry.
    kind: transactionKind,
    amount: wholeUsd.describe('Whole USD: a number or a string of digits, e.g. 5000.'),
    description: text.optional().describe('Printed on the Part V statement.'),
  });

  /** Form 5472 Part VII, lines 37-43: true is Yes, false is No; amounts in whole USD. */
  const partVIIShape: Record<string, z.ZodOptional<z.ZodType>> = {};
  for (const line of Object.keys(PART_VII_QUESTIONS) as PartVIILine[]) {
    const question = PART_VII_QUESTIONS[line];
    partVIIShape[line] = (question.kind === 'yes_no' ? z.boolean() : wholeUsd)
      .optional()
      .describe(`${question.line}: ${question.text}`);
  }
  // A related party's own Part VII declares the lines about the party (41, 42); the others are
  // accepted too (a loose object) and checked by check_filing, keeping tools/list small.
  const partyPartVIISchema = z.looseObject(
    Object.fromEntries(PART_VII_RELATED_PARTY_LINES.map((line) => [line, partVIIShape[line]!])),
  );
  const partVIISchema = z
    .object(partVIIShape)
    .describe(
      'Form 5472 Part VII: lineNN true (Yes) or false (No); 38a/38c after 37 Yes, 40b (USD) after 40a, 41b-d after 41a, 43b1/43b2 after 43a.',
    );

  /** A related party of the foreign-owned LLC: one Form 5472 (Parts III-VI). */
  const relatedPartySchema = z
    .looseObject({
      id: text
        .optional()
        .describe('Stable id of the related party; assigned by the server (a UUID) when absent, then kept.'),
      name: text.describe('8a name.'),
      // The three boxes are the values; other text (filings stored before 1.1.0) is still stored, and
      // check_filing reports it as invalid rather than any box being guessed from it.
      relationship: z
        .union([z.enum(RELATIONSHIP_NAMES), z.array(z.enum(RELATIONSHIP_NAMES)).min(1), text])
        .optional()
        .describe(
          `8e boxes that apply: one of ${RELATIONSHIP_NAMES.join(', ')}, or a list of them; other text is reported by check_filing.`,
        ),
      street: text.optional().describe('8a street.'),
      city: text.optional().describe('8a city, region, postal code.'),
      country: text
        .optional()
        .describe('8a country name, e.g. Spain (a two-letter code prints as the name).'),
      address: text
        .optional()
        .describe('8a address in one string (older filings); street, city, country win.'),
      usIdentifyingNumber: usTaxpayerId
        .optional()
        .describe('8b(1) U.S. identifying number (SSN, ITIN or EIN); none: leave it out and give 8b(2).'),
      referenceIdNumber: text
        .optional()
        .describe(
          '8b(2) reference ID number, required without 8b(1): one the filer assigns to this party (e.g. REF-001) and keeps every year, not its registration or tax number.',
        ),
      ftin: text.optional().describe('8b(3) foreign tax identification number; none: leave it out.'),
      businessActivity: text.optional().describe('8c principal business activity.'),
      businessActivityCode: stringOrNumber
        .optional()
        .describe(
          '8d six-digit principal business activity code (Form 1120 instructions list); none known: leave it out.',
        ),
      businessCountries: countries.optional().describe('8f principal countries where business is conducted.'),
      taxResidenceCountries: countries
        .optional()
        .describe('8g countries where it files an income tax return as a resident.'),
      isForeign: z.boolean().optional().describe('Part III: foreign person (default true).'),
      estimatesUsed: z.boolean().optional().describe('Part IV: estimates used.'),
      transactions: z
        .array(transactionSchema)
        .max(MAX_TRANSACTIONS_PER_PARTY, {
          message: `holds at most ${MAX_TRANSACTIONS_PER_PARTY} transactions per related party`,
        })
        .optional()
        .describe(`Reportable transactions (Parts IV, V), at most ${MAX_TRANSACTIONS_PER_PARTY}.`),
      nonmonetaryTransactions: z
        .boolean()
        .optional()
        .describe('Part VI: any nonmonetary or less-than-full-consideration transaction.'),
      nonmonetaryStatement: text.optional().describe('Part VI statement, when true.'),
      partVII: partyPartVIISchema
        .optional()
        .describe(
          "This party's Form 5472 Part VII: lines 41a-42b ask about this party (answer them here when the filing has several); a line given here overrides the filing-level partVII, the default.",
        ),
    })
    .describe('A related party: one Form 5472.');

  /** An ultimate indirect 25% foreign shareholder: Form 5472 Part II, line 6 or 7 (then a statement). */
  const indirectOwnerSchema = z.looseObject({
    id: text.optional().describe('Stable id; assigned by the server when absent.'),
    name: text.describe('6a name (person or company).'),
    street: text.optional().describe('6a street.'),
    city: text.optional().describe('6a city, region, postal code.'),
    country: text.optional().describe('6a country name.'),
    usIdentifyingNumber: usTaxpayerId
      .optional()
      .describe('6b(1) U.S. identifying number; leave out if none.'),
    referenceIdNumber: text.optional().describe('6b(2) reference ID number; leave out if none.'),
    ftin: text.optional().describe('6b(3) foreign tax identification number; leave out if none.'),
    businessCountries: countries.optional().describe('6c countries where it conducts business.'),
    citizenship: text.optional().describe('6d country of citizenship, organization or incorporation.'),
    taxResidenceCountries: countries.optional().describe('6e countries where it is a tax resident.'),
  });

  /**
   * `form_data` of a single-member filing (forms 5472 and 1120): the one source of truth for
   * validation, for `get_form_schema`'s field descriptions and for the tools' JSON Schemas.
   *
   * Every known field is optional because agents fill a filing progressively (create a draft, then
   * `update_filing` the rest); a field that is present must have the right type. Unknown fields are
   * kept unchanged, since the full payload covers more than the spec lists (transactions, signature
   * and document data).
   */
  const singleMemberFormDataSchema = z
    .looseObject({
      taxYearBegin: calendarDate.optional().describe('First day of the tax year, YYYY-MM-DD.'),
      taxYearEnd: calendarDate.optional().describe('Last day of the tax year, YYYY-MM-DD.'),
      llcName: text.optional().describe('Legal name of the LLC (the reporting corporation).'),
      llcStreet: text.optional().describe('Street address of the LLC.'),
      llcCity: text.optional().describe('City, state and ZIP code of the LLC, in one string.'),
      ein: ein.optional().describe('Employer identification number of the LLC, NN-NNNNNNN, e.g. 12-3456789.'),
      totalAssets: wholeDollars('20000')
        .optional()
        .describe('Total assets at the end of the tax year, whole USD: a number or a string of digits.'),
      businessActivity: text.optional().describe('Principal business activity, in words.'),
      businessActivityCode: stringOrNumber
        .optional()
        .describe(
          'Six-digit principal business activity code from the Form 1120 instructions list, e.g. 541511.',
        ),
      isInitialYear: z.boolean().optional().describe('True when this is the first year the LLC files.'),
      countryIncorporation: text
        .optional()
        .describe(
          'Country under whose laws the LLC was formed: United States for a U.S. LLC (the state may follow in parentheses, e.g. "United States (Wyoming)"); a state alone is invalid.',
        ),
      dateIncorporation: calendarDate.optional().describe('Date the LLC was formed, YYYY-MM-DD.'),
      taxResidentCountry: text.optional().describe('Country where the LLC is a tax resident.'),
      principalBusinessCountries: countries
        .optional()
        .describe('Country or countries where the LLC principally conducts business.'),
      ownerName: text.optional().describe('Name of the 25% foreign owner.'),
      ownerStreet: text.optional().describe('Street address of the owner.'),
      ownerCity: text.optional().describe('City, region, postal code and country of the owner.'),
      ownerUSId: usTaxpayerId
        .optional()
        .describe(
          '4b(1) U.S. identifying number of the owner (SSN, ITIN or EIN); none: leave it out and give ownerRefId.',
        ),
      ownerRefId: text
        .optional()
        .describe(
          '4b(2) reference ID number, required without 4b(1): one the filer assigns to the owner (e.g. REF-001) and keeps every year, not a registration or tax number.',
        ),
      ownerFTIN: text
        .optional()
        .describe('4b(3) foreign tax identification number of the owner; none: leave it out.'),
      ownerBusinessCountries: countries
        .optional()
        .describe('Country or countries where the owner conducts business.'),
      ownerCitizenship: text.optional().describe('Country of citizenship of the owner.'),
      ownerTaxResidentCountry: text.optional().describe('Country where the owner is a tax resident.'),
      // Part II's owners up the chain: documented by get_form_schema, left out of tools/list (its
      // byte budget).
      ownerHasOwners: z.boolean().optional().meta({
        description:
          'Part II: is the owner itself owned 25% or more by another person or company, up the chain? An individual owner: false.',
        advertised: false,
      }),
      indirectOwners: z.array(indirectOwnerSchema).max(MAX_RELATED_PARTIES).optional().meta({
        description:
          'Part II lines 6-7 (past two, a statement): each ultimate indirect 25% foreign owner, when ownerHasOwners.',
        advertised: false,
      }),
      relatedParties: z
        .array(relatedPartySchema)
        .max(MAX_RELATED_PARTIES, { message: `holds at most ${MAX_RELATED_PARTIES} related parties` })
        .optional()
        .describe(
          `Related parties, one Form 5472 each (at most ${MAX_RELATED_PARTIES}): { id, name, relationship, address, ids, business, countries, transactions, Part VI }.`,
        ),
      noReportableTransactions: z
        .boolean()
        .optional()
        .describe(
          'True when the year had no reportable transaction (leaving transactions out is not "none").',
        ),
      partVII: partVIISchema
        .optional()
        .describe(
          'Form 5472 Part VII, the default of every 5472 (relatedParties[].partVII answers per party).',
        ),
      signerName: text.optional().describe('Officer signing the pro forma 1120 (and the letter).'),
      signerTitle: text.optional().describe('Title of the person signing the return.'),
      signatureDate: calendarDate.optional().describe('Date of signature, YYYY-MM-DD.'),
      generateForm7004: z
        .boolean()
        .optional()
        .describe(
          'True to also generate Form 7004 (automatic extension; only before the original due date).',
        ),
      form7004FiledDate: calendarDate
        .optional()
        .describe(
          'Date a Form 7004 was filed, YYYY-MM-DD; by the original due date it extends the due date.',
        ),
      generateLateFilingLetter: z
        .boolean()
        .optional()
        .describe('Reasonable-cause letter: true to include it; a late return includes it unless false.'),
      lateFilingReason: text
        .optional()
        .describe(
          "Reasonable-cause statement of a late return: in the user's words, what happened, when, and why it prevented timely filing.",
        ),
    })
    .describe('form_data of a single-member filing (forms 5472 and 1120).');
  return { relatedPartySchema, transactionSchema, singleMemberFormDataSchema };
});

/** A single-member filing's `form_data` after validation. */
export type SingleMemberFormData = z.output<
  ReturnType<typeof singleMemberFormSchemas>['singleMemberFormDataSchema']
>;
