import * as z from 'zod';
import { once } from './once.js';
import { calendarDate, countries, stringOrNumber, text } from './form-fields.js';

/** The single-member form schemas, built by the first call (the public exports are in schemas.ts). */
export const singleMemberFormSchemas = once(() => {
  /** A related party of the foreign-owned LLC (Form 5472 Part IV). */
  const relatedPartySchema = z
    .looseObject({
      id: text.describe('Stable identifier of the related party within this filing.'),
      name: text.describe('Name of the related party.'),
      relationship: text.optional().describe('Relationship of the party to the reporting corporation.'),
    })
    .describe('A related party of the reporting corporation.');

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
      ein: text.optional().describe('Employer identification number of the LLC, e.g. 12-3456789.'),
      totalAssets: stringOrNumber.optional().describe('Total assets at the end of the tax year, in USD.'),
      businessActivity: text.optional().describe('Principal business activity, in words.'),
      businessActivityCode: stringOrNumber.optional().describe('Principal business activity code (NAICS).'),
      isInitialYear: z.boolean().optional().describe('True when this is the first year the LLC files.'),
      countryIncorporation: text
        .optional()
        .describe('Country under whose laws the LLC was formed (US state).'),
      dateIncorporation: calendarDate.optional().describe('Date the LLC was formed, YYYY-MM-DD.'),
      taxResidentCountry: text.optional().describe('Country where the LLC is a tax resident.'),
      principalBusinessCountries: countries
        .optional()
        .describe('Country or countries where the LLC principally conducts business.'),
      ownerName: text.optional().describe('Name of the 25% foreign owner.'),
      ownerStreet: text.optional().describe('Street address of the owner.'),
      ownerCity: text.optional().describe('City, region, postal code and country of the owner.'),
      ownerUSId: text.optional().describe('US identifying number of the owner (SSN, ITIN or EIN), if any.'),
      ownerRefId: text.optional().describe('Reference ID number of the owner, if any.'),
      ownerFTIN: text.optional().describe('Foreign tax identification number of the owner.'),
      ownerBusinessCountries: countries
        .optional()
        .describe('Country or countries where the owner conducts business.'),
      ownerCitizenship: text.optional().describe('Country of citizenship of the owner.'),
      ownerTaxResidentCountry: text.optional().describe('Country where the owner is a tax resident.'),
      relatedParties: z
        .array(relatedPartySchema)
        .optional()
        .describe('Related parties: array of { id, name, relationship }.'),
      signerTitle: text.optional().describe('Title of the person signing the return.'),
      signatureDate: calendarDate.optional().describe('Date of signature, YYYY-MM-DD.'),
      generateForm7004: z
        .boolean()
        .optional()
        .describe('True to also generate Form 7004 (automatic extension of time to file).'),
      generateLateFilingLetter: z
        .boolean()
        .optional()
        .describe('True to also generate a reasonable-cause letter for late filing.'),
    })
    .describe('form_data of a single-member filing (forms 5472 and 1120).');
  return { relatedPartySchema, singleMemberFormDataSchema };
});

/** A single-member filing's `form_data` after validation. */
export type SingleMemberFormData = z.output<
  ReturnType<typeof singleMemberFormSchemas>['singleMemberFormDataSchema']
>;
