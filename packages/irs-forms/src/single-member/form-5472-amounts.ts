import type { RelatedPartyInput, SingleMemberInput } from '../filing-input.js';
import {
  PAID_TOTAL_LINES,
  type PartIVLine,
  RECEIVED_TOTAL_LINES,
  TRANSACTION_KINDS,
  type TransactionKindName,
  wholeDollars,
} from './transaction-kinds.js';

/** One Part V transaction as its statement lists it. */
export interface PartVEntry {
  kind: TransactionKindName;
  title: string;
  amount: number;
  description?: string;
}

/** The amounts of one Form 5472, computed from its related party's transactions. */
export interface Form5472Amounts {
  /** Part IV amount per line (only lines with a transaction). */
  partIV: Partial<Record<PartIVLine, number>>;
  line22: number;
  line36: number;
  partV: PartVEntry[];
  /** Line 1f: Part IV lines 22 and 36 plus the Part V amounts (see IRS_RULES.line1f). */
  line1f: number;
}

function isKind(kind: unknown): kind is TransactionKindName {
  return typeof kind === 'string' && Object.hasOwn(TRANSACTION_KINDS, kind);
}

/** Part IV, lines 22 and 36, Part V and line 1f of one related party's Form 5472. */
export function form5472Amounts(party: RelatedPartyInput | undefined): Form5472Amounts {
  const partIV: Partial<Record<PartIVLine, number>> = {};
  const partV: PartVEntry[] = [];
  const transactions = Array.isArray(party?.transactions) ? party.transactions : [];
  for (const transaction of transactions) {
    const amount = wholeDollars(transaction?.amount);
    // An unknown kind or amount is reported by the readiness check, never printed.
    if (!isKind(transaction?.kind) || amount === undefined) continue;
    const kind = TRANSACTION_KINDS[transaction.kind];
    if (kind.part === 'IV') {
      const line = kind.line as PartIVLine;
      partIV[line] = (partIV[line] ?? 0) + amount;
    } else {
      partV.push({
        kind: transaction.kind,
        title: kind.title,
        amount,
        ...(typeof transaction.description === 'string' && transaction.description.trim() !== ''
          ? { description: transaction.description.trim() }
          : {}),
      });
    }
  }
  const sum = (lines: readonly PartIVLine[]) => lines.reduce((total, line) => total + (partIV[line] ?? 0), 0);
  const line22 = sum(RECEIVED_TOTAL_LINES);
  const line36 = sum(PAID_TOTAL_LINES);
  const line1f = line22 + line36 + partV.reduce((total, entry) => total + entry.amount, 0);
  return { partIV, line22, line36, partV, line1f };
}

/** Line 1h: the sum of line 1f over every Form 5472 of the filing (foreign related parties only). */
export function line1hOf(filing: SingleMemberInput): number {
  const parties = Array.isArray(filing.relatedParties) ? filing.relatedParties : [];
  return parties
    .filter((party) => party?.isForeign !== false)
    .reduce((total, party) => total + form5472Amounts(party).line1f, 0);
}
