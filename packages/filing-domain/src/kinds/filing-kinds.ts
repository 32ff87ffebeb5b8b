import type { FilingKind as IrsFormsFilingKind } from '@filing-mcp/irs-forms';
import { partnershipKind } from './partnership.js';
import { singleMemberKind } from './single-member.js';

export type { FilingColumn, FilingKindRecord, FilingRowMapping, KindForm, ToolTexts } from './filing-kind.js';
export { defineFilingKind, defineKindForm } from './filing-kind.js';

/**
 * Every kind of filing, one module each (`kinds/<kind>.ts`, its form a lazy part of it), in
 * `tools/list` order. Tools, resources, the repository and the companion pages iterate it: adding a
 * kind is its module (with its form's, `forms/<kind>-kind-form.ts`) and a line here, its table's
 * migration (`filingKindTableMigration`) and its rules in irs-forms (`FilingKind` there must stay
 * the same union: checked below). docs/architecture.md, "Adding a kind".
 */
export const FILING_KINDS = Object.freeze([singleMemberKind, partnershipKind] as const);

/** A kind of filing: the `kind` of a record of {@link FILING_KINDS} (`5472`: single-member 5472/1120; `partnership`). */
export type FilingKind = (typeof FILING_KINDS)[number]['kind'];

/** The record of one kind. */
export type FilingKindRecordOf<Kind extends FilingKind> = Extract<
  (typeof FILING_KINDS)[number],
  { kind: Kind }
>;

/** The table a kind of filing lives in. */
export type FilingTableName = (typeof FILING_KINDS)[number]['table'];

/** Every kind, in `tools/list` order. */
export const FILING_KIND_LIST: readonly FilingKind[] = Object.freeze(
  FILING_KINDS.map((record) => record.kind),
);

/** The record of `kind` in {@link FILING_KINDS}. */
export function kindRecord<Kind extends FilingKind>(kind: Kind): FilingKindRecordOf<Kind> {
  return FILING_KINDS.find((record) => record.kind === kind) as FilingKindRecordOf<Kind>;
}

/** Whether `value` is a kind of {@link FILING_KINDS} (its key, not an alias). */
export function isFilingKind(value: unknown): value is FilingKind {
  return FILING_KINDS.some((record) => record.kind === value);
}

/**
 * The kind whose companion pages live under `/{page}/` (`filings`, `partnership`), if any, among
 * `kinds` (every kind's record by default).
 */
export function kindOfPage<Record extends { kind: string; page: string } = (typeof FILING_KINDS)[number]>(
  page: string | undefined,
  kinds: readonly Record[] = FILING_KINDS as unknown as readonly Record[],
): Record['kind'] | undefined {
  return kinds.find((record) => record.page === page)?.kind;
}

/** The kind a tool that takes a kind assumes when none is given. */
export const DEFAULT_FILING_KIND: FilingKind = FILING_KINDS[0].kind;

// irs-forms sits below this package and names the kinds it builds packets for itself: the two
// unions must stay the same (a compile error here when a kind is added to one only).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameKinds: Same<FilingKind, IrsFormsFilingKind> = true;
void sameKinds;
