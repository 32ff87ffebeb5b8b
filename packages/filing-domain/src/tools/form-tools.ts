import { defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import { calendarDate } from '../forms/form-fields.js';
import { type FilingKind, resolveFilingKind } from '../forms/form-schema-descriptor.js';
import { deepFrozen, topLevelFields } from '../forms/form-json-schema.js';
import { formDataSchemaOf, KIND_FORMS, type TransactionKindEntry } from '../forms/kind-forms.js';
import { unrecognizedFields } from '../forms/unrecognized-fields.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { checkFilingResultSchema } from './check-filing-result.js';
import { findAnyPacketSource } from '../storage/find-any-filing.js';
import { preparerNoteLines } from './preparer-notes.js';
import type { FilingToolFactory } from './tool-options.js';
import type { LoadIrsForms } from '../load-irs-forms.js';
import { filingId, kindArgument, readOnly } from './tool-schemas.js';
import { FILING_KIND_LIST } from '../kinds/filing-kinds.js';

/** get_form_schema's answer for one kind (a type alias, so it is a plain JSON record). */
type FormSchemaResult = {
  kind: FilingKind;
  description: string;
  fields: Record<string, string>;
  schema: Record<string, unknown>;
  transaction_kinds?: TransactionKindEntry[];
};

/**
 * get_form_schema's answer: the spec's descriptor (`description`, `fields`: each top-level field
 * by name) and `schema`, the one JSON Schema of the whole form_data, where every description is.
 */
async function frozenDescriptor(kind: FilingKind): Promise<FormSchemaResult> {
  // Generated at build time (no JSON Schema emission at run time); loaded by the first call.
  const { FORM_SCHEMAS_JSON } = await import('../forms/form-schemas.generated.js');
  const schema = deepFrozen(JSON.parse(FORM_SCHEMAS_JSON[kind]) as Record<string, unknown>);
  return Object.freeze({
    kind,
    description: KIND_FORMS[kind].description,
    fields: Object.freeze(topLevelFields(schema)),
    schema,
    ...KIND_FORMS[kind].schemaExtras?.(),
  });
}

/**
 * The tools about a filing's form rather than its record: get_form_schema (the form_data fields of
 * a kind) and check_filing (the filing against the IRS instructions), in `tools/list` order.
 */
export function formTools(repository: FilingRepository, irsForms: LoadIrsForms) {
  const getFormSchema = () => {
    // Each kind's answer is built by its first call (only that kind's form schema is built then).
    const formSchemaResults: Partial<Record<FilingKind, FormSchemaResult>> = {};
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
        formSchemaResults[kind] ??= await frozenDescriptor(kind);
        return formSchemaResults[kind];
      },
    });
  };

  const checkFiling = () =>
    defineTool({
      name: 'check_filing',
      title: 'Check whether a filing is ready',
      description:
        'Checks a filing against the IRS instructions as of as_of (default today UTC): ready, missing, invalid, forms, due dates, how_to_file, overdue, days_late, penalties, late_filing, recommended, filed; partnership: withholding_1446 (section 1446), notes, prepare_elsewhere (forms to add). Ready: nothing missing, invalid or to prepare elsewhere.',
      inputSchema: z.object({
        id: filingId().describe('UUID of the filing (single-member or partnership).'),
        kind: kindArgument()
          .optional()
          .describe('Expected kind, "5472" (default) or "partnership"; the server corrects it.'),
        as_of: calendarDate.optional().describe('Day to check for, YYYY-MM-DD; default today (UTC).'),
      }),
      outputSchema: checkFilingResultSchema(),
      annotations: readOnly,
      handler: async (args, { auth }) => {
        // What the packet is drawn from (a paid Form 7004 extension included): the forms listed
        // are the packet's.
        const { kind, source } = await findAnyPacketSource(repository, auth.userId, args.id, args.kind);
        // The form checks (irs-forms, its field tables) load with the first check_filing only.
        const { checkFilingReadiness } = await irsForms();
        const checked = checkFilingReadiness(kind, source.form_data, undefined, args.as_of);
        // The questions the user left for a preparer (complete_filing's "I don't know").
        const left = preparerNoteLines(source.form_data);
        const readiness =
          left.length > 0 ? { ...checked, notes: [...(checked.notes ?? []), ...left] } : checked;
        const { form7004Paid: _paid, ...stored } = source.form_data;
        const unrecognized = unrecognizedFields(formDataSchemaOf(kind), stored);
        return unrecognized.length > 0 ? { ...readiness, unrecognized_fields: unrecognized } : readiness;
      },
    });

  return { get_form_schema: getFormSchema, check_filing: checkFiling } satisfies Record<
    string,
    FilingToolFactory
  >;
}
