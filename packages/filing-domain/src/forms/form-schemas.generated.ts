// Generated from the zod form schemas (src/forms/form-json-schema.ts); do not edit.
// Regenerate with `pnpm --filter @filing-mcp/filing-domain generate:tools-list`; test/tools/tools-list.test.ts
// fails while this file differs from what the form schemas produce.
import type { FilingKind } from '../kinds/filing-kinds.js';

/**
 * get_form_schema's answer of each kind, serialized, each in a module of its own
 * (form-schema-<kind>.generated.ts): a call loads and parses only the answer of the kind it asks for.
 */
export const FORM_SCHEMA_ANSWERS: Readonly<Record<FilingKind, () => Promise<string>>> = {
  "5472": async () => (await import('./form-schema-5472.generated.js')).FORM_SCHEMA_ANSWER_JSON,
  "partnership": async () => (await import('./form-schema-partnership.generated.js')).FORM_SCHEMA_ANSWER_JSON,
};
