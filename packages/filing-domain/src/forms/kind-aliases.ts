// The spellings of a filing kind, apart from the form schemas (form-schema-descriptor.ts) so that
// a tool that only names a kind (get_form_schema's argument) loads no form.
import { FILING_KIND_LIST, type FilingKind, kindRecord } from '../kinds/filing-kinds.js';

/**
 * Spellings of a filing kind that agents use: the spec's `5472` and `partnership`, and the form
 * names of its overview example (`form-5472-1120`), from each kind's `aliases` in
 * `FILING_KINDS`. Matched case-insensitively.
 */
export const filingKindAliases: Readonly<Record<string, FilingKind>> = Object.freeze(
  Object.fromEntries(
    FILING_KIND_LIST.flatMap((kind) => [kind, ...kindRecord(kind).aliases].map((alias) => [alias, kind])),
  ),
);

/** Resolves a kind spelling to a {@link FilingKind}, or `undefined` when it names no kind. */
export function resolveFilingKind(value: string): FilingKind | undefined {
  const spelling = value.trim().toLowerCase();
  // Own entries only: `constructor` or `__proto__` names no kind.
  return Object.hasOwn(filingKindAliases, spelling) ? filingKindAliases[spelling] : undefined;
}
