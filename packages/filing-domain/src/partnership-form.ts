import * as z from 'zod';
import { once } from './once.js';
import { calendarDate, openObject, stringOrNumber, text } from './form-fields.js';

/** The partnership form schemas, built by the first call (the public exports are in schemas.ts). */
export const partnershipFormSchemas = once(() => {
  /** A partner of a partnership filing (one Schedule K-1, and 8805 when foreign). */
  const partnerSchema = z
    .looseObject({
      id: z.uuid({ message: 'must be a UUID' }).describe('Partner identifier, a UUID.'),
      name: text.describe('Name of the partner.'),
      type: text.optional().describe('Kind of partner (for example general or limited).'),
      isForeign: z.boolean().optional().describe('True when the partner is a foreign person.'),
      entityType: text.optional().describe('Entity type of the partner (individual, corporation, ...).'),
      withholdingRate: text.optional().describe('Section 1446 withholding rate, as a string such as "37".'),
    })
    .describe('A partner of the partnership.');

  /**
   * `form_data` of a partnership filing (form 1065, Schedule K-1, forms 8804 and 8805): the one source
   * of truth for validation, `get_form_schema` and the tools' JSON Schemas. Known fields are optional
   * (filled progressively) but typed when present; unknown fields are kept.
   */
  const partnershipFormDataSchema = z
    .looseObject({
      partnershipName: text
        .optional()
        .describe('Legal name of the partnership; shown as llc_name on the record.'),
      ein: text.optional().describe('Employer identification number of the partnership.'),
      street: text.optional().describe('Street address of the partnership.'),
      city: text.optional().describe('City of the partnership.'),
      state: text.optional().describe('State of the partnership (two-letter code).'),
      zip: text.optional().describe('ZIP code of the partnership.'),
      businessActivity: text.optional().describe('Principal business activity, in words.'),
      businessActivityCode: stringOrNumber.optional().describe('Principal business activity code (NAICS).'),
      dateBusinessStarted: calendarDate.optional().describe('Date the business started, YYYY-MM-DD.'),
      accountingMethod: text.optional().describe('Accounting method (for example cash or accrual).'),
      totalAssets: text.optional().describe('Total assets at the end of the tax year, as a string.'),
      taxYearBegin: calendarDate.optional().describe('First day of the tax year, YYYY-MM-DD.'),
      taxYearEnd: calendarDate.optional().describe('Last day of the tax year, YYYY-MM-DD.'),
      partners: z
        .array(partnerSchema)
        .optional()
        .describe(
          'Partners: array of { id (UUID), name, type, isForeign (boolean), entityType, withholdingRate (string) }.',
        ),
      income: openObject.optional().describe('Income lines of form 1065 (object).'),
      deductions: openObject.optional().describe('Deduction lines of form 1065 (object).'),
      scheduleK: openObject.optional().describe('Schedule K items (object).'),
      withholding: openObject
        .optional()
        .describe('Section 1446 withholding data for forms 8804 and 8805 (object).'),
    })
    .describe('form_data of a partnership filing (form 1065, Schedule K-1, forms 8804 and 8805).');
  return { partnerSchema, partnershipFormDataSchema };
});

/** A partnership filing's `form_data` after validation. */
export type PartnershipFormData = z.output<
  ReturnType<typeof partnershipFormSchemas>['partnershipFormDataSchema']
>;
