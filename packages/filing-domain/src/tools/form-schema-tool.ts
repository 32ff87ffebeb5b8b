// get_form_schema, in a module of its own: a cold start whose first call asks for a form schema
// loads zod, this tool and the answers generated at build time, and none of the other tools, the
// forms' zod schemas, the repository or Kysely (tools/filing-tools.ts loads it alone).
import { defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import type { FormSchemaAnswer } from '../forms/form-json-schema.js';
import { resolveFilingKind } from '../forms/kind-aliases.js';
import { FILING_KIND_LIST, type FilingKind } from '../kinds/filing-kinds.js';
import { kindArgument, readOnly } from './tool-arguments.js';

/** Freezes `value` and everything in it: the answer is shared by every call. */
function deepFrozen<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFrozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * get_form_schema's answer for `kind`: the spec's descriptor (`description`, `fields`) and the one
 * JSON Schema of its form_data, generated at build time from the zod form schemas
 * (`forms/form-schemas.generated.ts`, `buildFormSchemaAnswer`; test/tools-list.test.ts fails while
 * it is stale) and loaded by the first call.
 */
async function frozenAnswer(kind: FilingKind): Promise<FormSchemaAnswer> {
  const { FORM_SCHEMA_ANSWERS_JSON } = await import('../forms/form-schemas.generated.js');
  return deepFrozen(JSON.parse(FORM_SCHEMA_ANSWERS_JSON[kind]) as FormSchemaAnswer);
}

/** get_form_schema: the form_data fields of a kind. Each kind's answer is built by its first call. */
export function formSchemaTool() {
  const answers: Partial<Record<FilingKind, FormSchemaAnswer>> = {};
  return defineTool({
    name: 'get_form_schema',
    title: 'Get the form schema',
    description:
      'The JSON Schema of a kind\'s form_data: "5472" (single-member, 5472/1120; also "form-5472-1120") or "partnership" (1065, K-1, 8804/8805; also "form-1065"). Answers { kind, description, schema: every field with its IRS line, fields: top-level names, transaction_kinds (5472) }.',
    // Strict: an argument of another name is an error naming the right one, never a silent 5472.
    inputSchema: z.strictObject(
      {
        kind: kindArgument().optional().describe('Filing kind: "5472" (default) or "partnership".'),
        formType: kindArgument()
          .optional()
          .describe('Same as kind, e.g. "form-5472-1120"; kind wins when both are given.'),
        form: kindArgument().optional().describe('Same as kind.'),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `Unknown argument ${issue.keys.map((key) => `"${key}"`).join(', ')}: use kind ("5472" or "partnership")`
            : undefined,
      },
    ),
    outputSchema: z.object({
      kind: z.enum(FILING_KIND_LIST),
      description: z.string(),
      fields: z.record(z.string(), z.string()),
      schema: z.record(z.string(), z.unknown()).describe('The JSON Schema of form_data.'),
      transaction_kinds: z
        .array(
          z.object({
            kind: z.string(),
            part: z.string(),
            line: z.string(),
            label: z.string(),
            example: z.string().optional(),
          }),
        )
        .optional()
        .describe('5472: each transaction kind, its line and label.'),
    }),
    annotations: readOnly,
    // The same frozen object every time: the protocol core validates and serializes it once.
    handler: async (args) => {
      const kind = resolveFilingKind(args.kind ?? args.formType ?? args.form ?? '5472') ?? '5472';
      answers[kind] ??= await frozenAnswer(kind);
      return answers[kind];
    },
  });
}
