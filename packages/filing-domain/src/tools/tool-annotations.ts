// The tools' annotations, apart from zod (tool-arguments.ts re-exports them), so that a tool checked
// without zod (get_form_schema's first call) loads none.

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
