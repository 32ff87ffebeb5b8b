import { defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import { clearableFormData } from '../forms/cleared-fields.js';
import { partnershipFormSchemas } from '../forms/partnership-form.js';
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
  updatedOkSchema,
} from './tool-schemas.js';
import { kindViewUrl } from './view-urls.js';
import { filingNotFoundError } from './wrong-kind.js';

const KIND = FILING_KINDS.partnership;

/**
 * The partnership (Form 1065, Schedule K-1, Forms 8804 and 8805) create and update tools, each as
 * a factory: the record's name, EIN and tax years follow form_data. The list, get and delete tools
 * are every kind's (`kind-record-tools.ts`).
 */
export function partnershipWriteTools(
  options: OpenFilingToolsOptions,
  repository: FilingRepository,
): KindWriteTools {
  const { appUrl } = options;

  const createPartnershipFiling = () =>
    defineTool({
      name: KIND.tools.create,
      title: 'Create a partnership filing',
      description:
        'Creates a partnership filing (1065, K-1, 8804/8805), status completed; get_form_schema with kind "partnership" lists the form_data fields. llc_name is partnershipName. Answers { id, view_url, possible_duplicates: your filings of that EIN and year }.',
      inputSchema: z.object({ form_data: partnershipFormSchemas().partnershipFormDataSchema }),
      outputSchema: createdWithDuplicatesSchema(),
      annotations: creates,
      handler: async (args, { auth }) => {
        const formData = KIND.listItems.withIds(args.form_data, undefined);
        const record = {
          userId: auth.userId,
          llcName: stringField(formData, 'partnershipName'),
          ein: stringField(formData, 'ein'),
          taxYearBegin: formData.taxYearBegin ?? null,
          taxYearEnd: formData.taxYearEnd ?? null,
          formData,
        };
        return createFilingAnswer(
          repository,
          KIND.table,
          record,
          partnershipFormSchemas().partnershipFormDataSchema,
          (id) => kindViewUrl('partnership', appUrl, id),
        );
      },
    });

  const updatePartnershipFiling = () =>
    defineTool({
      name: KIND.tools.update,
      title: 'Update a partnership filing',
      description:
        'Updates a partnership filing, the same fields as create_partnership_filing: objects merge field by field, a list is sent whole, null clears; llc_name, ein and tax years follow. Answers { ok, removed }.',
      inputSchema: z.object({
        id: filingId().describe('UUID of the partnership filing.'),
        form_data: clearableFormData(partnershipFormSchemas().partnershipFormDataSchema).describe(
          'form_data fields to change: objects merge field by field, a list is sent whole, null clears, and a check_filing path (partners[0].shares.profitEnding) may be a key.',
        ),
      }),
      outputSchema: updatedOkSchema(),
      annotations: overwrites,
      handler: async (args, { auth }) => {
        const merge = await mergedUpdate(repository, 'partnership', auth.userId, args.id, args.form_data);
        const found = await storing(
          repository.updatePartnershipFiling(auth.userId, args.id, changedFields(merge), merge.cleared),
        );
        if (!found) {
          throw await filingNotFoundError(repository, 'update', 'partnership', auth.userId, args.id);
        }
        return {
          ok: true as const,
          ...extras(
            unrecognizedFields(partnershipFormSchemas().partnershipFormDataSchema, changedFields(merge)),
            merge.removed,
          ),
          ...(await filedChangeWarning(options.db, auth.userId, args.id, 'partnership', options.irsForms)),
        };
      },
    });

  return { create: createPartnershipFiling, update: updatePartnershipFiling };
}
