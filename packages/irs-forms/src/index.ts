export {
  DEFAULT_EDITIONS,
  form1065TaxYear2025,
  form1120TaxYear2025,
  form5472RevDecember2023,
  form7004RevDecember2025,
  scheduleK1Form1065TaxYear2025,
} from './editions/index.js';
export type { Form5472Input } from './editions/form-5472-rev-2023-12.js';
export type { ScheduleK1Input } from './editions/schedule-k1-1065-2025.js';
export {
  type FieldValue,
  type FormEdition,
  type FormId,
  FormRegistry,
  type PageStamp,
  type TemplateField,
} from './form-edition.js';
export type {
  PartnerInput,
  PartnershipInput,
  RelatedPartyInput,
  SingleMemberInput,
  TransactionInput,
} from './filing-input.js';
export { type Form5472Amounts, form5472Amounts, line1hOf, type PartVEntry } from './form-5472-amounts.js';
export type { PartIVLine } from './transaction-kinds.js';
export {
  daysBetween,
  type Lateness,
  lateness,
  monthsOrFractionLate,
  type Penalty,
  todayUtc,
} from './lateness.js';
// The enumerations tool schemas need (transaction kinds, line 8e boxes, Part VII, the partnership's
// line keys), which the `./kinds` entry also serves alone.
export * from './kinds.js';
export type { PartVIIAnswers, PartVIIQuestion } from './part-vii.js';
export {
  defaultFormRegistry,
  type FilingKind,
  type OmittedForm,
  type PacketPlan,
  type PlannedForm,
  type PlannedLetter,
  type PlannedStatement,
  type PlannedCover,
  type PlannedWorksheet,
  planPacket,
} from './packet-plan.js';
export { InvalidAsOfError, IrsFormsError, type IrsFormsErrorCode } from './irs-forms-error.js';
export { PACKET_LIMITS, type PacketLimits, PacketTooLargeError } from './packet-limits.js';
export {
  firstUnprintable,
  UnprintableTextError,
  type UnprintableValue,
  unprintableValues,
} from './printable-text.js';
export { type ZipEntry, zipStore } from './zip-store.js';
export { countryList, printedCountries, readCountry, type CountryReading } from './countries.js';
export { ACTIVITY_CODES, ACTIVITY_CODE_LIST, activityCodeProblem } from './activity-codes.js';
export {
  FOREIGN_OWNED_DE_ADDRESS,
  FOREIGN_OWNED_DE_FAX,
} from './de-filing-address.js';
export { dcLegalHolidays, filingDueDates, isRealDate, nextBusinessDay } from './due-dates.js';
export {
  checkFilingReadiness,
  type FilingReadiness,
  type Recommendation,
  type HowToFile,
  type InvalidField,
  IRS_RULES,
  type LateFilingPath,
  type IrsRule,
  type MissingLine,
  type NeededForm,
} from './readiness.js';
export { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from './examples.js';
export {
  type ForeignPartnerWithholding,
  type Installment1446,
  type Withholding1446,
  withholding1446,
} from './partnership/withholding-1446.js';
export { allocateByShares, k1Shares, pageOne, scheduleKTotals } from './partnership/schedule-k.js';
export { form1065Address } from './partnership/where-to-file-1065.js';
export { MAX_PARTNERS_ON_PAPER } from './partnership/partnership-rules.js';
export { K1_BOX_OF_LINE } from './partnership/lines.js';
export { type PrepareElsewhere, prepareElsewhere } from './partnership/prepare-elsewhere.js';
export { type Question4, question4, totalReceipts } from './partnership/schedule-b-question-4.js';
export {
  type AnalysisOfNetIncome,
  type AnalysisType,
  analysisOfNetIncome,
} from './partnership/analysis-of-net-income.js';
export {
  FILING_METHODS,
  FOREIGN_OWNED_DE_FILING,
  type FilingMethod,
  type FilingProof,
  faxFilingDay,
  filingProof,
} from './filed.js';
