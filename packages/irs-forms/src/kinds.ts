// The enumerations form_data validation needs (transaction kinds, line 8e boxes), as a tiny entry
// of their own: a tool schema imports them without loading the editions and readiness rules.
export {
  RELATIONSHIP_NAMES,
  RELATIONSHIPS,
  type Relationship,
  TRANSACTION_KIND_NAMES,
  TRANSACTION_KINDS,
  type TransactionKind,
  type TransactionKindName,
  wholeDollars,
} from './transaction-kinds.js';
export { PART_VII_QUESTIONS, type PartVIILine } from './part-vii.js';
