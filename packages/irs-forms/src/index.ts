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
} from './filing-input.js';
export {
  defaultFormRegistry,
  type FilingKind,
  type PacketPlan,
  type PlannedForm,
  type PlannedLetter,
  planPacket,
} from './packet-plan.js';
export { PACKET_LIMITS, type PacketLimits, PacketTooLargeError } from './packet-limits.js';
export {
  firstUnprintable,
  UnprintableTextError,
  type UnprintableValue,
  unprintableValues,
} from './printable-text.js';
export { type ZipEntry, zipStore } from './zip-store.js';
export { dcLegalHolidays, isRealDate, nextBusinessDay } from './due-dates.js';
export {
  checkFilingReadiness,
  type FilingReadiness,
  type HowToFile,
  type InvalidField,
  IRS_RULES,
  type IrsRule,
  type MissingLine,
  type NeededForm,
} from './readiness.js';
export { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from './examples.js';
