// The `kind` argument and the tools' annotations, apart from the other shared schemas
// (tool-schemas.ts re-exports them) so that a tool loaded alone (get_form_schema) needs no more.
import * as z from 'zod';
import { filingKindAliases } from '../forms/kind-aliases.js';
import { FILING_KIND_LIST } from '../kinds/filing-kinds.js';
import { once } from '../once.js';

const kindNames = Object.keys(filingKindAliases) as [string, ...string[]];
/** A `kind` argument: "5472" or "partnership" (aliases accepted). */
export const kindArgument = once(() =>
  z.enum(kindNames, { message: `must be ${FILING_KIND_LIST.join(' or ')}` }),
);

/** Tool annotations of a read. */
export const readOnly = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
/** Tool annotations of a create. */
export const creates = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};
/** Tool annotations of an update or a delete. */
export const overwrites = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
};
