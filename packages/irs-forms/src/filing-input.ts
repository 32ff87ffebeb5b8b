/**
 * The parts of a filing's `form_data` the forms read, as stored (validated by filing-domain's zod
 * schemas; every field optional while a filing is a draft). Unknown fields are ignored here.
 */
export interface RelatedPartyInput {
  id?: string;
  name?: string;
  relationship?: string;
  /** Address of the related party (line 8a), when given. */
  address?: string;
  /** True when the related party is a foreign person (Part III heading); default true. */
  isForeign?: boolean;
  [key: string]: unknown;
}

/** `form_data` of a single-member filing (forms 5472 and pro forma 1120). */
export interface SingleMemberInput {
  taxYearBegin?: string;
  taxYearEnd?: string;
  llcName?: string;
  llcStreet?: string;
  llcCity?: string;
  ein?: string;
  totalAssets?: string | number;
  businessActivity?: string;
  businessActivityCode?: string | number;
  isInitialYear?: boolean;
  countryIncorporation?: string;
  dateIncorporation?: string;
  taxResidentCountry?: string;
  principalBusinessCountries?: string | string[];
  ownerName?: string;
  ownerStreet?: string;
  ownerCity?: string;
  ownerUSId?: string;
  ownerRefId?: string;
  ownerFTIN?: string;
  ownerBusinessCountries?: string | string[];
  ownerCitizenship?: string;
  ownerTaxResidentCountry?: string;
  relatedParties?: RelatedPartyInput[];
  signerTitle?: string;
  signatureDate?: string;
  generateForm7004?: boolean;
  generateLateFilingLetter?: boolean;
  /** Free text for the reasonable-cause letter, when given. */
  lateFilingReason?: string;
  [key: string]: unknown;
}

/** A partner of a partnership filing. */
export interface PartnerInput {
  id?: string;
  name?: string;
  type?: string;
  isForeign?: boolean;
  entityType?: string;
  withholdingRate?: string;
  /** Partner's SSN or TIN (K-1 item E), when given. */
  tin?: string;
  /** Partner's address (K-1 item F), when given. */
  address?: string;
  [key: string]: unknown;
}

/** `form_data` of a partnership filing (form 1065 and Schedules K-1). */
export interface PartnershipInput {
  partnershipName?: string;
  ein?: string;
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  businessActivity?: string;
  businessActivityCode?: string | number;
  dateBusinessStarted?: string;
  accountingMethod?: string;
  totalAssets?: string;
  taxYearBegin?: string;
  taxYearEnd?: string;
  partners?: PartnerInput[];
  [key: string]: unknown;
}
