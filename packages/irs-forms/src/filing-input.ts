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
  /** Foreign tax identifying number, for a foreign partner without a U.S. TIN (item E). */
  foreignTaxId?: string;
  /** Item J, percent: profitBeginning, profitEnding, lossBeginning, lossEnding, capitalBeginning, capitalEnding. */
  shares?: Record<string, unknown>;
  /** Item L, whole dollars: beginning, contributed, currentYearIncome, otherIncrease, withdrawals, ending. */
  capitalAccount?: Record<string, unknown>;
  /** Item K1, whole dollars: nonrecourse/qualifiedNonrecourse/recourse, Beginning/Ending. */
  liabilities?: Record<string, unknown>;
  /** Item M: contributed property with a built-in gain or loss. */
  contributedBuiltInGainProperty?: boolean;
  /** Item N, whole dollars: beginning, ending. */
  section704c?: Record<string, unknown>;
  /** Share of effectively connected taxable income (foreign partner), whole dollars. */
  ectiShare?: string | number;
  /** Schedule K line key -> this partner's amount, overriding the profit-share split. */
  specialAllocations?: Record<string, unknown>;
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
  totalAssets?: string | number;
  taxYearBegin?: string;
  taxYearEnd?: string;
  partners?: PartnerInput[];
  /** Country of the principal business, when outside the United States. */
  country?: string;
  /** Form 1065 page 1, lines 1a-7 (whole dollars). */
  income?: Record<string, unknown>;
  /** Form 1065 page 1, lines 9-21 (whole dollars). */
  deductions?: Record<string, unknown>;
  /** Schedule K lines 1-21 (whole dollars), line16a/line16b booleans, lineNType texts. */
  scheduleK?: Record<string, unknown>;
  /** Schedule B answers: line1 (entity type), lineN booleans and counts. */
  scheduleB?: Record<string, unknown>;
  /** The e-file question (T.D. 9972): 10 or more returns of any type this calendar year. */
  filesTenOrMoreReturns?: boolean;
  /** True when Schedule M-3 is filed (decides the mailing address). */
  filesScheduleM3?: boolean;
  generateForm7004?: boolean;
  [key: string]: unknown;
}
