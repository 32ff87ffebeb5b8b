// The names a `kind` argument takes and the message of one that names no kind, apart from zod:
// the zod `kindArgument` (tool-arguments.ts) and get_form_schema's check without zod
// (form-schema-tool.ts) both use them.
import { filingKindAliases } from '../forms/kind-aliases.js';
import { FILING_KIND_LIST } from '../kinds/filing-kinds.js';

/** Every spelling of a kind a `kind` argument accepts, as zod's enum lists them in an issue. */
export const KIND_NAMES = Object.keys(filingKindAliases) as [string, ...string[]];

/** The message of a `kind` argument that names no kind. */
export const KIND_MESSAGE = `must be ${FILING_KIND_LIST.join(' or ')}`;
