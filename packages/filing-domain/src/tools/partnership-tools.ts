import { defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import { clearableFormData, splitClearedFields } from '../forms/cleared-fields.js';
import { removedItems } from '../forms/list-item-ids.js';
import { partnershipFormSchemas } from '../forms/partnership-form.js';
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
  updatedOkSchema,
} from './tool-schemas.js';
import { partnershipFilingViewUrl } from './view-urls.js';
import { filingNotFoundError } from './wrong-kind.js';

/**
 * Gives every partner an id: the one it has, else the id of the `known` partner with the same tax
 * id or, failing that, the same name, else a new UUID (the spec's partner ids are UUIDs).
 */
function withPartnerIds<T extends Record<string, unknown>>(
  formData: T,
  known: Array<Record<string, unknown>>,
): T {
  if (!Array.isArray(formData.partners)) return formData;
  const key = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');
  const used = new Set<string>();
  const partners = (formData.partners as Array<Record<string, unknown>>).map((partner) => {
    if (typeof partner.id === 'string') return partner;
    const match =
      known.find(
        (old) => !used.has(String(old.id)) && key(partner.tin) !== '' && key(old.tin) === key(partner.tin),
      ) ??
      known.find(
        (old) => !used.has(String(old.id)) && key(partner.name) !== '' && key(old.name) === key(partner.name),
      );
    const id = typeof match?.id === 'string' ? match.id : globalThis.crypto.randomUUID();
    used.add(id);
    return { id, ...partner };
  });
  return { ...formData, partners };
}

/**
 * The partnership (Form 1065, Schedule K-1, Forms 8804 and 8805) filing tools: list, get, create,
 * update and delete, each as a factory, in `tools/list` order.
 */
export function partnershipFilingTools(
  options: OpenFilingToolsOptions,
  repository: FilingRepository,
  lists: ListSchemas,
) {
  const { appUrl } = options;

  const records = kindRecordTools(
    'partnership',
    {
      list: {
        name: 'list_partnership_filings',
        title: 'List partnership filings',
        description:
          'Lists your partnership (1065, K-1, 8804/8805) filings, newest first, shaped as list_filings’ (llc_name: the partnership). Answers { filings: [...] }.',
      },
      get: {
        name: 'get_partnership_filing',
        title: 'Get a partnership filing',
        description: 'Returns one partnership filing with its full partnership form_data.',
      },
      delete: {
        name: 'delete_partnership_filing',
        title: 'Delete a partnership filing',
        description: 'Deletes a partnership filing permanently. Answers { ok: true }.',
      },
      id: 'UUID of the partnership filing.',
    },
    options,
    repository,
    lists,
  );

  const createPartnershipFiling = () =>
    defineTool({
      name: 'create_partnership_filing',
      title: 'Create a partnership filing',
      description:
        'Creates a partnership filing (1065, K-1, 8804/8805), status completed; get_form_schema with kind "partnership" lists the form_data fields. llc_name is partnershipName. Answers { id, view_url, possible_duplicates: your filings of that EIN and year }.',
      inputSchema: z.object({ form_data: partnershipFormSchemas().partnershipFormDataSchema }),
      outputSchema: createdWithDuplicatesSchema(),
      annotations: creates,
      handler: async (args, { auth }) => {
        const formData = withPartnerIds(args.form_data, []);
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
          'partnership_filings',
          record,
          partnershipFormSchemas().partnershipFormDataSchema,
          (id) => partnershipFilingViewUrl(appUrl, id),
        );
      },
    });

  const updatePartnershipFiling = () =>
    defineTool({
      name: 'update_partnership_filing',
      title: 'Update a partnership filing',
      description:
        'Updates a partnership filing: form_data takes the same fields as create_partnership_filing; each field sent replaces the stored one (top level); llc_name, ein and tax years follow. Answers { ok: true }.',
      inputSchema: z.object({
        id: filingId().describe('UUID of the partnership filing.'),
        form_data: clearableFormData(partnershipFormSchemas().partnershipFormDataSchema).describe(
          'form_data fields to replace (null clears one); others are kept.',
        ),
      }),
      outputSchema: updatedOkSchema(),
      annotations: overwrites,
      handler: async (args, { auth }) => {
        const { merge, cleared } = splitClearedFields<Record<string, unknown>>(args.form_data);
        let formData = merge;
        let removed: ReturnType<typeof removedItems> = [];
        if (Array.isArray(formData.partners)) {
          // Partners sent without ids keep the ids they already have (matched by tax id, then
          // name); the update answers the stored partners the new list leaves out.
          const stored = await repository.getFiling('partnership_filings', auth.userId, args.id);
          if (!stored) {
            throw await filingNotFoundError(repository, 'update', 'partnership', auth.userId, args.id);
          }
          const known = Array.isArray(stored.form_data.partners) ? stored.form_data.partners : [];
          formData = withPartnerIds(formData, known as Array<Record<string, unknown>>);
          removed = removedItems('partners', stored.form_data, formData);
        }
        const found = await storing(
          repository.updatePartnershipFiling(auth.userId, args.id, formData, cleared),
        );
        if (!found) {
          throw await filingNotFoundError(repository, 'update', 'partnership', auth.userId, args.id);
        }
        return {
          ok: true as const,
          ...extras(
            unrecognizedFields(partnershipFormSchemas().partnershipFormDataSchema, formData),
            removed,
          ),
        };
      },
    });

  return {
    list_partnership_filings: records.list,
    get_partnership_filing: records.get,
    create_partnership_filing: createPartnershipFiling,
    update_partnership_filing: updatePartnershipFiling,
    delete_partnership_filing: records.delete,
  } satisfies Record<string, FilingToolFactory>;
}
