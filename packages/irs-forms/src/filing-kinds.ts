/**
 * The kinds of filing and their rules: KIND_RULES lists one record per kind (kind-rules.ts says
 * what a record holds). Adding a kind is its folder with its `rules.ts`, its name in `FilingKind`
 * and its record in KIND_RULES; a compile error below names a kind on one list only.
 */
import type { KindRules } from './kind-rules.js';
import { PARTNERSHIP_KIND_RULES } from './partnership/rules.js';
import { SINGLE_MEMBER_KIND_RULES } from './single-member/rules.js';

/** The kinds of filing, as the tools name them. */
export type FilingKind = '5472' | 'partnership';

/** Every kind's rules, in the order the tools list the kinds. */
export const KIND_RULES = Object.freeze([SINGLE_MEMBER_KIND_RULES, PARTNERSHIP_KIND_RULES] as const);

// FilingKind is written out (not derived from KIND_RULES) so that the public types do not carry
// the records' types; the two must name the same kinds.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameKinds: Same<FilingKind, (typeof KIND_RULES)[number]['kind']> = true;
void sameKinds;

const BY_KIND: ReadonlyMap<string, KindRules<FilingKind>> = new Map(
  KIND_RULES.map((rules) => [rules.kind, rules]),
);

/** The rules of `kind`. */
export function rulesOf(kind: FilingKind): KindRules<FilingKind> {
  const rules = BY_KIND.get(kind);
  if (rules === undefined) {
    throw new TypeError(`no filing kind "${String(kind)}": one of ${[...BY_KIND.keys()].join(', ')}`);
  }
  return rules;
}
