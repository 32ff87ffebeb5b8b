// get_form_schema's zod definition: the reference its build-time tools/list entry and answers are
// generated from (test/tools/tools-list.test.ts) and what its check without zod
// (form-schema-tool.ts, what a call runs) is held equal to (test/tools/form-schema-arguments.test.ts).
import { defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import { FILING_KIND_LIST } from '../kinds/filing-kinds.js';
import { FORM_SCHEMA_TOOL, formSchemaHandler, unknownArgumentsMessage } from './form-schema-tool.js';
import { kindArgument, readOnly } from './tool-arguments.js';

/** get_form_schema's output schema. */
export const formSchemaOutput = () =>
  z.object({
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
  });

/** get_form_schema: the form_data fields of a kind. Each kind's answer is loaded by its first call. */
export function formSchemaDefinition() {
  return defineTool({
    ...FORM_SCHEMA_TOOL,
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
          issue.code === 'unrecognized_keys' ? unknownArgumentsMessage(issue.keys) : undefined,
      },
    ),
    outputSchema: formSchemaOutput(),
    annotations: readOnly,
    handler: formSchemaHandler(),
  });
}
