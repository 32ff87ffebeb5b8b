// Generated from the zod form schemas (src/single-member-form.ts, src/partnership-form.ts); do not edit.
// Regenerate with `pnpm --filter @filing-mcp/filing-domain generate:tools-list`; test/tools-list.test.ts
// fails while this file differs from what the schemas produce.
import type { FilingKind, FormSchemaDescriptor } from './form-schema-descriptor.js';

/** get_form_schema's answer per kind (before freezing): the form_data fields and their descriptions. */
export const FORM_SCHEMA_DESCRIPTORS: Record<FilingKind, FormSchemaDescriptor> = {
  "5472": {
    "kind": "5472",
    "description": "form_data of a single-member foreign-owned LLC filing (forms 5472 and 1120). All fields are optional when creating a draft; dates are YYYY-MM-DD strings; fields not listed here are kept as given.",
    "fields": {
      "taxYearBegin": "First day of the tax year, YYYY-MM-DD.",
      "taxYearEnd": "Last day of the tax year, YYYY-MM-DD.",
      "llcName": "Legal name of the LLC (the reporting corporation).",
      "llcStreet": "Street address of the LLC.",
      "llcCity": "City, state and ZIP code of the LLC, in one string.",
      "ein": "Employer identification number of the LLC, e.g. 12-3456789.",
      "totalAssets": "Total assets at the end of the tax year, in USD.",
      "businessActivity": "Principal business activity, in words.",
      "businessActivityCode": "Principal business activity code (NAICS).",
      "isInitialYear": "True when this is the first year the LLC files.",
      "countryIncorporation": "Country under whose laws the LLC was formed (US state).",
      "dateIncorporation": "Date the LLC was formed, YYYY-MM-DD.",
      "taxResidentCountry": "Country where the LLC is a tax resident.",
      "principalBusinessCountries": "Country or countries where the LLC principally conducts business.",
      "ownerName": "Name of the 25% foreign owner.",
      "ownerStreet": "Street address of the owner.",
      "ownerCity": "City, region, postal code and country of the owner.",
      "ownerUSId": "US identifying number of the owner (SSN, ITIN or EIN), if any.",
      "ownerRefId": "Reference ID number of the owner, if any.",
      "ownerFTIN": "Foreign tax identification number of the owner.",
      "ownerBusinessCountries": "Country or countries where the owner conducts business.",
      "ownerCitizenship": "Country of citizenship of the owner.",
      "ownerTaxResidentCountry": "Country where the owner is a tax resident.",
      "relatedParties": "Related parties: array of { id, name, relationship }.",
      "signerTitle": "Title of the person signing the return.",
      "signatureDate": "Date of signature, YYYY-MM-DD.",
      "generateForm7004": "True to also generate Form 7004 (automatic extension of time to file).",
      "generateLateFilingLetter": "True to also generate a reasonable-cause letter for late filing."
    }
  },
  "partnership": {
    "kind": "partnership",
    "description": "form_data of a partnership filing (form 1065, Schedule K-1, forms 8804 and 8805). All fields are optional when creating a draft; dates are YYYY-MM-DD strings; fields not listed here are kept as given.",
    "fields": {
      "partnershipName": "Legal name of the partnership; shown as llc_name on the record.",
      "ein": "Employer identification number of the partnership.",
      "street": "Street address of the partnership.",
      "city": "City of the partnership.",
      "state": "State of the partnership (two-letter code).",
      "zip": "ZIP code of the partnership.",
      "businessActivity": "Principal business activity, in words.",
      "businessActivityCode": "Principal business activity code (NAICS).",
      "dateBusinessStarted": "Date the business started, YYYY-MM-DD.",
      "accountingMethod": "Accounting method (for example cash or accrual).",
      "totalAssets": "Total assets at the end of the tax year, as a string.",
      "taxYearBegin": "First day of the tax year, YYYY-MM-DD.",
      "taxYearEnd": "Last day of the tax year, YYYY-MM-DD.",
      "partners": "Partners: array of { id (UUID), name, type, isForeign (boolean), entityType, withholdingRate (string) }.",
      "income": "Income lines of form 1065 (object).",
      "deductions": "Deduction lines of form 1065 (object).",
      "scheduleK": "Schedule K items (object).",
      "withholding": "Section 1446 withholding data for forms 8804 and 8805 (object)."
    }
  }
};
