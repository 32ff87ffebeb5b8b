import { defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import { clearableFormData, splitClearedFields } from '../forms/cleared-fields.js';
import { calendarDate, ein as einField } from '../forms/form-fields.js';
import { removedItems, withRelatedPartyIds } from '../forms/list-item-ids.js';
import { singleMemberFormSchemas } from '../forms/single-member-form.js';
import { unrecognizedFields } from '../forms/unrecognized-fields.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { createFilingAnswer } from './create-filing-answer.js';
import { kindRecordTools } from './kind-record-tools.js';
import type { FilingToolFactory, OpenFilingToolsOptions } from './tool-options.js';
import {
  createdWithDuplicatesSchema,
  creates,
  extras,
  filingId,
  type ListSchemas,
  overwrites,
  storing,
  stringField,
  updatedSchema,
} from './tool-schemas.js';
import { filingViewUrl } from './view-urls.js';
import { filingNotFoundError } from './wrong-kind.js';

/**
 * The single-member (Form 5472 with its pro forma 1120) filing tools: list, get, create, update
 * and delete, each as a factory, in `tools/list` order.
 */
export function singleMemberFilingTools(
  options: OpenFilingToolsOptions,
  repository: FilingRepository,
  lists: ListSchemas,
) {
  const { appUrl } = options;

  const records = kindRecordTools(
    '5472',
    {
      list: {
        name: 'list_filings',
        title: 'List single-member filings',
        description: `Lists your single-member (5472/1120) filings, newest first: id, llc_name, ein, tax years, status, created_at, ready, due_date, overdue. Answers { filings: [...] }.`,
      },
      get: {
        name: 'get_filing',
        title: 'Get a single-member filing',
        description: 'Returns one single-member (5472/1120) filing with its full form_data.',
      },
      delete: {
        name: 'delete_filing',
        title: 'Delete a single-member filing',
        description: 'Deletes a single-member filing permanently. Answers { ok: true }.',
      },
      id: 'UUID of the filing.',
    },
    options,
    repository,
    lists,
  );

  const createFiling = () =>
    defineTool({
      name: 'create_filing',
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
        const formData = withRelatedPartyIds(args.form_data, undefined);
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
          'filings',
          record,
          singleMemberFormSchemas().singleMemberFormDataSchema,
          (id) => filingViewUrl(appUrl, id),
        );
      },
    });

  const updateFiling = () =>
    defineTool({
      name: 'update_filing',
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
        if (Array.isArray(formData.relatedParties)) {
          // Related parties sent without ids keep the ids they have (matched by name); the
          // update answers the stored ones the new list leaves out.
          const stored = await repository.getFiling('filings', auth.userId, args.id);
          if (!stored) throw await filingNotFoundError(repository, 'update', '5472', auth.userId, args.id);
          formData = withRelatedPartyIds(formData, stored.form_data);
          removed = removedItems('relatedParties', stored.form_data, formData);
        }
        const found = await storing(
          repository.updateFiling(auth.userId, args.id, {
            llcName: args.llc_name,
            ein: args.ein,
            taxYearBegin: args.tax_year_begin,
            taxYearEnd: args.tax_year_end,
            formData: args.form_data === undefined ? undefined : formData,
            clearFormData: cleared,
          }),
        );
        if (!found) throw await filingNotFoundError(repository, 'update', '5472', auth.userId, args.id);
        return {
          id: args.id,
          view_url: filingViewUrl(appUrl, args.id),
          ...extras(
            unrecognizedFields(singleMemberFormSchemas().singleMemberFormDataSchema, formData),
            removed,
          ),
        };
      },
    });

  return {
    list_filings: records.list,
    get_filing: records.get,
    create_filing: createFiling,
    update_filing: updateFiling,
    delete_filing: records.delete,
  } satisfies Record<string, FilingToolFactory>;
}
