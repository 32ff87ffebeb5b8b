import { defineTool, ToolError } from '@filing-mcp/protocol';
import * as z from 'zod';
import { calendarDate } from '../forms/form-fields.js';
import { type FilingKind, formSchemaDescriptor, resolveFilingKind } from '../forms/form-schema-descriptor.js';
import { partnershipFormSchemas } from '../forms/partnership-form.js';
import { singleMemberFormSchemas } from '../forms/single-member-form.js';
import { unrecognizedFields } from '../forms/unrecognized-fields.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { checkFilingResultSchema } from './check-filing-result.js';
import { FILING_NOT_FOUND, type FilingToolFactory } from './tool-options.js';
import { filingId, kindArgument, readOnly } from './tool-schemas.js';

/** get_form_schema's answer for one kind (a type alias, so it is a plain JSON record). */
type FormSchemaResult = { kind: FilingKind; description: string; fields: Record<string, string> };

function frozenDescriptor(kind: FilingKind): FormSchemaResult {
  const { description, fields } = formSchemaDescriptor(kind);
  return Object.freeze({ kind, description, fields: Object.freeze({ ...fields }) });
}

/**
 * The tools about a filing's form rather than its record: get_form_schema (the form_data fields of
 * a kind) and check_filing (the filing against the IRS instructions), in `tools/list` order.
 */
export function formTools(repository: FilingRepository) {
  const getFormSchema = () => {
    // Each kind's answer is built by its first call (only that kind's form schema is built then).
    const formSchemaResults: Partial<Record<FilingKind, FormSchemaResult>> = {};
    return defineTool({
      name: 'get_form_schema',
      title: 'Get the form schema',
      description:
        'Describes the form_data fields of a kind: "5472" (single-member, 5472/1120; also "form-5472-1120") or "partnership" (1065, K-1, 8804/8805; also "form-1065"). Answers { kind, description, fields }.',
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
        kind: z.enum(['5472', 'partnership']),
        description: z.string(),
        fields: z.record(z.string(), z.string()),
      }),
      annotations: readOnly,
      // The same frozen object every time: the protocol core validates and serializes it once.
      handler: (args) => {
        const kind = resolveFilingKind(args.kind ?? args.formType ?? args.form ?? '5472') ?? '5472';
        formSchemaResults[kind] ??= frozenDescriptor(kind);
        return formSchemaResults[kind];
      },
    });
  };

  const checkFiling = () =>
    defineTool({
      name: 'check_filing',
      title: 'Check whether a filing is ready',
      description:
        'Checks a filing (either kind) against the IRS instructions as of as_of (YYYY-MM-DD, default today UTC): ready, missing [{ form, part, line, field }], invalid [{ field, message }], forms, due dates, how_to_file, overdue, days_late, penalties, late_filing, filed; partnership: withholding_1446 (section 1446, 8813, 8804), notes. Ready: nothing missing or invalid.',
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
        const preferred = resolveFilingKind(args.kind ?? '5472') ?? '5472';
        const kind = await repository.findFilingKind(auth.userId, args.id, preferred);
        const filing =
          kind &&
          (await repository.getFiling(
            kind === '5472' ? 'filings' : 'partnership_filings',
            auth.userId,
            args.id,
          ));
        if (!kind || !filing) throw new ToolError(FILING_NOT_FOUND);
        // The form checks (irs-forms, its field tables) load with the first check_filing only.
        const { checkFilingReadiness } = await import('@filing-mcp/irs-forms');
        const readiness = checkFilingReadiness(kind, filing.form_data, undefined, args.as_of);
        const unrecognized = unrecognizedFields(
          kind === '5472'
            ? singleMemberFormSchemas().singleMemberFormDataSchema
            : partnershipFormSchemas().partnershipFormDataSchema,
          filing.form_data,
        );
        return unrecognized.length > 0 ? { ...readiness, unrecognized_fields: unrecognized } : readiness;
      },
    });

  return { get_form_schema: getFormSchema, check_filing: checkFiling } satisfies Record<
    string,
    FilingToolFactory
  >;
}
