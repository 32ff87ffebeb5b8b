import { defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import { clearableFormData, splitClearedFields } from '../forms/cleared-fields.js';
import { calendarDate, ein as einField } from '../forms/form-fields.js';
import { removedItems } from '../forms/list-item-ids.js';
import { singleMemberFormSchemas } from '../forms/single-member-form.js';
import { FILING_KINDS } from '../kinds/filing-kinds.js';
import { unrecognizedFields } from '../forms/unrecognized-fields.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { filedChangeWarning } from '../submission/filed-change.js';
import { createFilingAnswer } from './create-filing-answer.js';
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
        'Updates a single-member filing: form_data takes the same fields as create_filing; each field sent replaces the stored one (top level), the rest stay. Answers { id, view_url }.',
      inputSchema: z.object({
        id: filingId().describe('UUID of the filing.'),
        llc_name: z.string().optional().describe('New entity name on the record.'),
        ein: einField.optional().describe('New EIN on the record, NN-NNNNNNN.'),
        tax_year_begin: calendarDate.optional().describe('New start of the tax year, YYYY-MM-DD.'),
        tax_year_end: calendarDate.optional().describe('New end of the tax year, YYYY-MM-DD.'),
        form_data: clearableFormData(singleMemberFormSchemas().singleMemberFormDataSchema)
          .optional()
          .describe('form_data fields to replace (null clears one); others are kept.'),
      }),
      outputSchema: updatedSchema(),
      annotations: overwrites,
      handler: async (args, { auth }) => {
        const { merge, cleared } = splitClearedFields<Record<string, unknown>>(args.form_data ?? {});
        let formData = merge;
        let removed: ReturnType<typeof removedItems> = [];
        if (Array.isArray(formData[KIND.listItems.list])) {
          // Related parties sent without ids keep the ids they have (matched by name); the
          // update answers the stored ones the new list leaves out.
          const stored = await repository.getFiling(KIND.table, auth.userId, args.id);
          if (!stored) throw await filingNotFoundError(repository, 'update', '5472', auth.userId, args.id);
          formData = KIND.listItems.withIds(formData, stored.form_data);
          removed = removedItems(KIND.listItems.list, stored.form_data, formData);
        }
        // The record's name, EIN and tax years follow the form_data fields sent, unless given.
        const sent = (field: string) =>
          typeof merge[field] === 'string' ? (merge[field] as string) : undefined;
        const found = await storing(
          repository.updateFiling(auth.userId, args.id, {
            llcName: args.llc_name ?? sent('llcName'),
            ein: args.ein ?? sent('ein'),
            taxYearBegin: args.tax_year_begin ?? sent('taxYearBegin'),
            taxYearEnd: args.tax_year_end ?? sent('taxYearEnd'),
            formData: args.form_data === undefined ? undefined : formData,
            clearFormData: cleared,
          }),
        );
        if (!found) throw await filingNotFoundError(repository, 'update', '5472', auth.userId, args.id);
        return {
          id: args.id,
          view_url: viewUrl(args.id),
          ...extras(
            unrecognizedFields(singleMemberFormSchemas().singleMemberFormDataSchema, formData),
            removed,
          ),
          ...(await filedChangeWarning(options.db, auth.userId, args.id, '5472', options.irsForms)),
        };
      },
    });

  return { create: createFiling, update: updateFiling };
}
