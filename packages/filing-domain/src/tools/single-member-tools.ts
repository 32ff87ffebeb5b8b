import { defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import { clearableFormData } from '../forms/cleared-fields.js';
import { calendarDate, ein as einField } from '../forms/form-fields.js';
import { singleMemberFormSchemas } from '../forms/single-member-form.js';
import { FILING_KINDS } from '../kinds/filing-kinds.js';
import { unrecognizedFields } from '../forms/unrecognized-fields.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { filedChangeWarning } from '../submission/filed-change.js';
import { createFilingAnswer } from './create-filing-answer.js';
import { changedFields, mergedUpdate } from './merged-update.js';
import type { KindWriteTools } from './kind-record-tools.js';
import type { OpenFilingToolsOptions } from './tool-options.js';
import {
  createdWithDuplicatesSchema,
  creates,
  extras,
  filingId,
  overwrites,
  storing,
  stringField,
  updatedSchema,
} from './tool-schemas.js';
import { kindViewUrl } from './view-urls.js';
import { filingNotFoundError } from './wrong-kind.js';

const KIND = FILING_KINDS['5472'];

/**
 * The single-member (Form 5472 with its pro forma 1120) create and update tools, each as a
 * factory: the record keeps its own name, EIN and tax years, which both tools take as arguments.
 * The list, get and delete tools are every kind's (`kind-record-tools.ts`).
 */
export function singleMemberWriteTools(
  options: OpenFilingToolsOptions,
  repository: FilingRepository,
): KindWriteTools {
  const { appUrl } = options;
  const viewUrl = (id: string) => kindViewUrl('5472', appUrl, id);

  const createFiling = () =>
    defineTool({
      name: KIND.tools.create,
      title: 'Create a single-member filing',
      description:
        'Creates a single-member foreign-owned LLC filing (forms 5472, pro forma 1120), status completed; get_form_schema lists the form_data fields. llc_name, ein and tax years default to form_data’s. Answers { id, view_url, possible_duplicates: your filings of that EIN and year }.',
      inputSchema: z.object({
        form_data: singleMemberFormSchemas().singleMemberFormDataSchema,
        llc_name: z.string().optional().describe('Entity name on the record; default form_data.llcName.'),
        ein: einField.optional().describe('EIN on the record, NN-NNNNNNN; default form_data.ein.'),
        tax_year_begin: calendarDate
          .optional()
          .describe('Start of the tax year, YYYY-MM-DD; default form_data.taxYearBegin.'),
        tax_year_end: calendarDate
          .optional()
          .describe('End of the tax year, YYYY-MM-DD; default form_data.taxYearEnd.'),
      }),
      outputSchema: createdWithDuplicatesSchema(),
      annotations: creates,
      handler: async (args, { auth }) => {
        const formData = KIND.listItems.withIds(args.form_data, undefined);
        const record = {
          userId: auth.userId,
          llcName: args.llc_name ?? stringField(formData, 'llcName'),
          ein: args.ein ?? stringField(formData, 'ein'),
          taxYearBegin: args.tax_year_begin ?? formData.taxYearBegin ?? null,
          taxYearEnd: args.tax_year_end ?? formData.taxYearEnd ?? null,
          formData,
        };
        return createFilingAnswer(
          repository,
          KIND.table,
          record,
          singleMemberFormSchemas().singleMemberFormDataSchema,
          viewUrl,
        );
      },
    });

  const updateFiling = () =>
    defineTool({
      name: KIND.tools.update,
      title: 'Update a single-member filing',
      description:
        'Updates a single-member filing, the same fields as create_filing: objects merge field by field, a list is sent whole, null clears. Answers { id, view_url, removed }.',
      inputSchema: z.object({
        id: filingId().describe('UUID of the filing.'),
        llc_name: z.string().optional().describe('New entity name on the record.'),
        ein: einField.optional().describe('New EIN on the record, NN-NNNNNNN.'),
        tax_year_begin: calendarDate.optional().describe('New start of the tax year, YYYY-MM-DD.'),
        tax_year_end: calendarDate.optional().describe('New end of the tax year, YYYY-MM-DD.'),
        form_data: clearableFormData(singleMemberFormSchemas().singleMemberFormDataSchema)
          .optional()
          .describe(
            'form_data fields to change: objects merge field by field, a list is sent whole, null clears, and a check_filing path (relatedParties[0].partVII.line42a) may be a key.',
          ),
      }),
      outputSchema: updatedSchema(),
      annotations: overwrites,
      handler: async (args, { auth }) => {
        const merge = await mergedUpdate(repository, '5472', auth.userId, args.id, args.form_data);
        const changed = merge ? changedFields(merge) : {};
        // The record's name, EIN and tax years follow the form_data fields sent, unless given.
        const sent = (field: string) =>
          typeof changed[field] === 'string' ? (changed[field] as string) : undefined;
        const found = await storing(
          repository.updateFiling(auth.userId, args.id, {
            llcName: args.llc_name ?? sent('llcName'),
            ein: args.ein ?? sent('ein'),
            taxYearBegin: args.tax_year_begin ?? sent('taxYearBegin'),
            taxYearEnd: args.tax_year_end ?? sent('taxYearEnd'),
            formData: merge && changed,
            clearFormData: merge?.cleared,
          }),
        );
        if (!found) throw await filingNotFoundError(repository, 'update', '5472', auth.userId, args.id);
        return {
          id: args.id,
          view_url: viewUrl(args.id),
          ...extras(
            merge
              ? unrecognizedFields(singleMemberFormSchemas().singleMemberFormDataSchema, changedFields(merge))
              : [],
            merge?.removed,
          ),
          ...(await filedChangeWarning(options.db, auth.userId, args.id, '5472', options.irsForms)),
        };
      },
    });

  return { create: createFiling, update: updateFiling };
}
