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
} from './transaction-kinds.js';
export { PART_VII_QUESTIONS, PART_VII_RELATED_PARTY_LINES, type PartVIILine } from './part-vii.js';
export {
  CONTRIBUTION_CODES,
  DEDUCTION_INPUT_LINES,
  ECTI_LINES,
  INCOME_INPUT_LINES,
  K1_SHARE_KEYS,
  SCHEDULE_K_AMOUNT_LINES,
  SCHEDULE_K_COMPUTED_LINES,
  SCHEDULE_K_TYPE_LINES,
  type ScheduleKLine,
} from './partnership/lines.js';
export { SCHEDULE_B_ENTITY_TYPES } from './partnership/schedule-b.js';
