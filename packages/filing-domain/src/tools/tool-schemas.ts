import { ToolError } from '@filing-mcp/protocol';
import * as z from 'zod';
import { once } from '../once.js';
import { listedFilingSummarySchema } from './filing-summaries.js';
import { filingIdSchema } from './filing-id.js';
import { DEFAULT_LIST_LIMIT } from './tool-options.js';

// The pieces several tool groups share: argument and result schemas, annotations, and how a
// write's answer and errors are shaped. Built by the first tool that uses them, like every schema
// of the tools: a cold start's first call builds only its own tool's schemas.

/** The `id` argument of the filing tools. */
export const filingId = filingIdSchema;
export { creates, kindArgument, overwrites, readOnly } from './tool-arguments.js';

export const createdSchema = once(() =>
  z.object({
    id: z.string().describe('UUID of the filing.'),
    view_url: z.string().describe('Link to the filing in the companion app.'),
  }),
);
export const okSchema = once(() => z.object({ ok: z.literal(true) }));
// What the create and update tools add to the spec's answers: the unknown form_data
// keys they stored, the list items a replacement list removed, and (update) the warning that the
// filing is recorded as filed. Present only when non-empty.
export const writeExtras = once(() => ({
  unrecognized_fields: z
    .array(z.string())
    .optional()
    .describe('form_data keys the form does not know, stored as sent: "llcname: did you mean llcName?".'),
  removed: z
    .array(
      z.object({
        list: z.string().optional(),
        id: z.string().optional(),
        name: z.string().nullable().optional(),
        field: z.string().optional(),
      }),
    )
    .optional()
    .describe(
      'Every field the update removed: list items a list sent whole left out ({ list, id, name }), and fields cleared with null or missing from a list item sent again ({ field }: a check_filing path).',
    ),
  warning: z
    .string()
    .optional()
    .describe('Present when the filing is recorded as filed: the change means an amended return.'),
}));
export const updatedSchema = once(() => createdSchema().extend(writeExtras()));
export const updatedOkSchema = once(() => okSchema().extend(writeExtras()));
// The create tools' answer: possible_duplicates beside the new id when the user already has a
// filing with the same EIN and tax year; the filing is created all the same.
export const createdWithDuplicatesSchema = once(() =>
  createdSchema().extend({
    possible_duplicates: z
      .array(z.string())
      .optional()
      .describe('Ids of your other filings with the same EIN and tax year; present only when there are any.'),
    unrecognized_fields: writeExtras().unrecognized_fields,
  }),
);

/** The result fields naming what a write did not use as a form field or removed from a list. */
export function extras(
  unrecognized: string[],
  removed: ReadonlyArray<{ list: string; id: string; name: string | null } | { field: string }> = [],
) {
  return {
    ...(unrecognized.length > 0 && { unrecognized_fields: unrecognized }),
    ...(removed.length > 0 && { removed }),
  };
}

// PostgreSQL refuses U+0000 in text and jsonb; tell the agent which input it was instead of
// answering an internal error.
const NUL_REJECTED = new Set(['22P05', '22021']);

export async function storing<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (NUL_REJECTED.has((error as { code?: string } | null)?.code ?? '')) {
      throw new ToolError('Text values must not contain the NUL character (U+0000)', { cause: error });
    }
    throw error;
  }
}

/** A form_data field as the text of a record column, or null. */
export function stringField(formData: Record<string, unknown>, name: string): string | null {
  const value = formData[name];
  return typeof value === 'string' ? value : value == null ? null : String(value);
}

/**
 * The list tools' `limit` argument and `{ filings }` result for a `limit` bound, each built once by
 * the first list tool that needs it (list_filings and list_partnership_filings share them).
 */
export function listSchemas(listLimitMax: number) {
  return {
    limit: once(() =>
      z
        .number()
        .int({ message: 'must be an integer' })
        .min(1, { message: 'must be at least 1' })
        .max(listLimitMax, { message: `must be at most ${listLimitMax}` })
        .default(DEFAULT_LIST_LIMIT)
        .describe(
          `How many filings to return, newest first: 1 to ${listLimitMax}, default ${DEFAULT_LIST_LIMIT}.`,
        ),
    ),
    filingsResult: once(() => z.object({ filings: z.array(listedFilingSummarySchema()) })),
  };
}

/** The list tools' shared schemas. */
export type ListSchemas = ReturnType<typeof listSchemas>;
