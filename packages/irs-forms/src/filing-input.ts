/**
 * The parts of a filing's `form_data` the forms read, as stored (validated by filing-domain's zod
 * schemas; every field optional while a filing is a draft). Unknown fields are ignored here.
 */
import type { PartVIIAnswers } from './single-member/part-vii.js';

/** One reportable transaction with a related party (Part IV line or Part V statement). */
export interface TransactionInput {
  /** A name of {@link TRANSACTION_KINDS}. */
  kind?: string;
  /** Whole US dollars: a number or a string of digits. */
  amount?: number | string;
  description?: string;
}

/** A related party: one Form 5472 (Part III, its Part IV/V transactions and Part VI). */
export interface RelatedPartyInput {
  id?: string;
  /** Line 8a. */
  name?: string;
  /**
   * Line 8e boxes that apply: `related_to_reporting_corporation`, `related_to_foreign_shareholder`,
   * `foreign_shareholder`; one name (older filings) or a list of them.
   */
  relationship?: string | string[];
  /** Line 8a address (older filings held it in one string). */
  address?: string;
  street?: string;
  city?: string;
  country?: string;
  /** 8b(1), 8b(2), 8b(3). */
  usIdentifyingNumber?: string;
  referenceIdNumber?: string;
  ftin?: string;
  /** 8c, 8d. */
  businessActivity?: string;
  businessActivityCode?: string | number;
  /** 8f. */
  businessCountries?: string | string[];
  /** 8g: countries under whose laws the party files an income tax return as a resident. */
  taxResidenceCountries?: string | string[];
  /** True when the related party is a foreign person (Part III heading); default true. */
  isForeign?: boolean;
  /** Part IV "If estimates are used, check here". */
  estimatesUsed?: boolean;
  transactions?: TransactionInput[];
  /** Part VI: nonmonetary or less-than-full consideration transactions, and their statement. */
  nonmonetaryTransactions?: boolean;
  nonmonetaryStatement?: string;
  /** This Form 5472's Part VII answers; the filing-level `partVII` is the default (see partVIIAnswersFor). */
  partVII?: PartVIIAnswers;
  [key: string]: unknown;
}

/** An ultimate indirect 25% foreign shareholder: Form 5472 Part II, line 6 (the first), 7 (the second). */
export interface IndirectOwnerInput {
  id?: string;
  /** 6a name and address. */
  name?: string;
  street?: string;
  city?: string;
  country?: string;
  /** 6b(1), 6b(2), 6b(3). */
  usIdentifyingNumber?: string;
  referenceIdNumber?: string;
  ftin?: string;
  /** 6c. */
  businessCountries?: string | string[];
  /** 6d: country of citizenship, organization, or incorporation. */
  citizenship?: string;
  /** 6e. */
  taxResidenceCountries?: string | string[];
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
  /** Whether the direct owner is itself owned 25% or more, directly or up the chain, by another person. */
  ownerHasOwners?: boolean;
  /** Part II lines 6-7: the ultimate indirect 25% foreign shareholders (past two, a statement). */
  indirectOwners?: IndirectOwnerInput[];
  relatedParties?: RelatedPartyInput[];
  /** True when the year had no reportable transaction (silence is not "none"). */
  noReportableTransactions?: boolean;
  /** Form 5472 Part VII, lines 37-43: the default of every Form 5472 (each related party may answer its own). */
  partVII?: PartVIIAnswers;
  /** The officer who signs the pro forma 1120 (and the reasonable-cause letter). */
  signerName?: string;
  signerTitle?: string;
  signatureDate?: string;
  generateForm7004?: boolean;
  /**
   * Set by the server, never stored: the Form 7004 extension of this filing is paid, so the packet
   * carries Form 7004 as `generateForm7004` would while it can still extend (left out after the
   * original due date, without making the return invalid).
   */
  form7004Paid?: boolean;
  /** The day a Form 7004 for this return was filed, if one was. */
  form7004FiledDate?: string;
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
  /** The partner's country (Form 8805, line 4 takes its two-letter code), when given. */
  country?: string;
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
  /** This partner's guaranteed payments, whole dollars: services (box 4a), capital (box 4b). */
  guaranteedPayments?: Record<string, unknown>;
  /** This partner's distributions, whole dollars: cash (box 19, code A), property. */
  distributions?: Record<string, unknown>;
  /** True when the partner certified its own deductions on Form 8804-C (Regulations section 1.1446-6). */
  ectiCertified8804C?: boolean;
  /** Analysis of Net Income (Loss) line 2 column (ANALYSIS_TYPES), when item I1 does not decide it. */
  analysisType?: string;
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
  /**
   * Item H: `cash`, `accrual` or `other` (then {@link accountingMethodOther} names it). Filings
   * stored before the enum may hold the method in words: printed as "Other" with those words, and
   * reported by readiness as a value to restate.
   */
  accountingMethod?: string;
  /** Item H(3): the accounting method in words, when `accountingMethod` is `other`. */
  accountingMethodOther?: string;
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
  /** Schedule K lines treated as effectively connected (default: line1). */
  ectiLines?: unknown[];
  /** Section 199A inputs (rule section199AStatement): W-2 wages, UBIA of qualified property, SSTB. */
  section199A?: Record<string, unknown>;
  /** Payments of section 1446 tax: { date, amount }. */
  payments1446?: unknown[];
  /** K-1 box 13 code of Schedule K line 13a (A-G). */
  contributionsCode?: string;
  generateLateFilingLetter?: boolean;
  lateFilingReason?: string;
  signerName?: string;
  signerTitle?: string;
  /** The date the late-return statement is signed, YYYY-MM-DD. */
  signatureDate?: string;
  /** Schedule L: `beginning` and `end`, each line key -> whole dollars. */
  scheduleL?: Record<string, unknown>;
  /** Schedule M-1 and M-2: line key -> whole dollars (or words, for the itemized lines). */
  scheduleM1?: Record<string, unknown>;
  scheduleM2?: Record<string, unknown>;
  /** Designation of Partnership Representative (with designatedIndividual for an entity PR). */
  partnershipRepresentative?: Record<string, unknown>;
  [key: string]: unknown;
}
