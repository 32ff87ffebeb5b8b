export { DEFAULT_EDITIONS } from './editions/index.js';
export {
  type FormEdition,
  type FormId,
  FormRegistry,
} from './form-edition.js';
export type { PartnershipInput } from './filing-input.js';
export type { FilingKind } from './filing-kinds.js';
export { type PacketPlan, planPacket } from './packet-plan.js';
export { type PacketLimits, PacketTooLargeError } from './packet-limits.js';
export { UnprintableTextError } from './printable-text.js';
export { zipStore } from './zip-store.js';
export { InvalidAsOfError, IrsFormsError, type IrsFormsErrorCode } from './irs-forms-error.js';
export { checkSignedCopyHeaders } from './signed-copy-headers.js';
export {
  checkFilingReadiness,
  type FilingReadiness,
  IRS_RULES,
  type IrsRule,
} from './readiness.js';
export { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from './examples.js';
export { form1065Address } from './partnership/where-to-file-1065.js';
export {
  FOREIGN_OWNED_DE_FILING,
  faxFilingDay,
  filingProof,
} from './filed.js';
export { checkFiledRecord, type FiledRecordCheck } from './filed-record.js';
