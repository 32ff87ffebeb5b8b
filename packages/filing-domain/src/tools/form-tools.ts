import { defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import { calendarDate } from '../forms/form-fields.js';
import { formDataSchemaOf } from '../forms/kind-forms.js';
import { unrecognizedFields } from '../forms/unrecognized-fields.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { checkFilingResultSchema } from './check-filing-result.js';
import { findAnyPacketSource } from '../storage/find-any-filing.js';
import { formSchemaDefinition } from './form-schema-definition.js';
import { preparerNoteLines } from './preparer-notes.js';
import type { FilingToolFactory } from './tool-options.js';
import type { LoadIrsForms } from '../loading/load-irs-forms.js';
import { filingId, kindArgument, readOnly } from './tool-schemas.js';

/**
 * The tools about a filing's form rather than its record: get_form_schema (the form_data fields of
 * a kind) and check_filing (the filing against the IRS instructions), in `tools/list` order.
 */
export function formTools(repository: FilingRepository, irsForms: LoadIrsForms) {
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

  return { get_form_schema: formSchemaDefinition, check_filing: checkFiling } satisfies Record<
    string,
    FilingToolFactory
  >;
}
