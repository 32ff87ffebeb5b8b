// The enumerations form_data validation needs (transaction kinds, line 8e boxes, the partnership's
// line keys), as a tiny entry
// of their own: a tool schema imports them without loading the editions and readiness rules.
export {
  ACCEPTED_TRANSACTION_KIND_NAMES,
  AMBIGUOUS_TRANSACTION_KINDS,
  RELATIONSHIP_NAMES,
  RELATIONSHIPS,
  type Relationship,
  TRANSACTION_KIND_NAMES,
  TRANSACTION_KINDS,
  type TransactionKind,
  type TransactionKindName,
  wholeDollars,
} from './single-member/transaction-kinds.js';
export {
  PART_VII_QUESTIONS,
  PART_VII_RELATED_PARTY_LINES,
  type PartVIILine,
} from './single-member/part-vii.js';
export {
  CONTRIBUTION_CODES,
  DEDUCTION_INPUT_LINES,
  ECTI_LINES,
  ECTI_REFUSED_LINES,
  INCOME_INPUT_LINES,
  K1_SHARE_KEYS,
  SCHEDULE_K_AMOUNT_LINES,
  SCHEDULE_K_COMPUTED_LINES,
  SCHEDULE_K_TYPE_LINES,
  type ScheduleKLine,
} from './partnership/lines.js';
export { SCHEDULE_B_ENTITY_TYPES } from './partnership/schedule-b.js';
// Schedules and readiness: the labels and keys of Schedules B, L, M-1, M-2, the
// Analysis of Net Income (Loss) and the Partnership Representative.
export {
  DEDUCTION_LINE_LABELS,
  INCOME_LINE_LABELS,
  SCHEDULE_K_LINE_LABELS,
  SCHEDULE_K_OTHER_LABELS,
} from './partnership/line-labels.js';
export {
  SCHEDULE_B_PREPARER_QUESTIONS,
  SCHEDULE_B_SCHEMA_TEXTS,
  SCHEDULE_B_TEXTS,
} from './partnership/schedule-b-texts.js';
export { SCHEDULE_L_LABELS, SCHEDULE_L_LINES } from './partnership/schedule-l.js';
export { SCHEDULE_M1_LABELS, SCHEDULE_M2_LABELS, SCHEDULE_M_TEXT_KEYS } from './partnership/schedules-m.js';
export { ANALYSIS_TYPES } from './partnership/analysis-of-net-income.js';
export {
  DESIGNATED_INDIVIDUAL_LABELS,
  REPRESENTATIVE_LABELS,
} from './partnership/partnership-representative.js';
