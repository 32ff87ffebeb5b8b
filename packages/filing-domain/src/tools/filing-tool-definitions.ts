import { type ToolDefinition, ToolError, defineTool } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import * as z from 'zod';
import {
  type Advertised,
  fieldsDocumentedBy,
  sameFieldsAs,
  withAdvertisedSchemas,
} from '../forms/advertised-schemas.js';
import { FilingRepository } from '../storage/filing-repository.js';
import {
  DEFAULT_LIST_LIMIT,
  DEFAULT_LIST_LIMIT_MAX,
  FILING_NOT_FOUND,
  type FilingToolsOptions,
  RECORD_LIST_LIMIT,
} from './filing-tools.js';
import { calendarDate, ein as einField } from '../forms/form-fields.js';
import {
  type FilingKind,
  filingKindAliases,
  formSchemaDescriptor,
  resolveFilingKind,
} from '../forms/form-schema-descriptor.js';
import { once } from '../once.js';
import { filingIdSchema } from './filing-id.js';
import { filingNotFoundError } from './wrong-kind.js';
import { listFilingsWithFormData, possibleDuplicates } from '../storage/filing-lookups.js';
import { listedFilingSummarySchema, withReadiness } from './filing-summaries.js';
import {
  getPdfUrlResult,
  getPdfUrlOutputSchema,
  withPacketLinkWhenReady,
} from './packet-link-results.js';
import { completeFilingTool } from './complete-filing.js';
import { partnershipFormSchemas } from '../forms/partnership-form.js';
import { filingReadinessSchema } from './check-filing-result.js';
import { recordSchemas } from '../storage/records.js';
import { singleMemberFormSchemas } from '../forms/single-member-form.js';
import { unrecognizedFields } from '../forms/unrecognized-fields.js';
import { removedItems, withRelatedPartyIds } from '../forms/list-item-ids.js';
import { clearableFormData, splitClearedFields } from '../forms/cleared-fields.js';
import {
  filingPdfUrl,
  filingViewUrl,
  partnershipFilingPdfUrl,
  partnershipFilingViewUrl,
} from './view-urls.js';

// Built by the first tool that uses them, like every schema here: a cold start's first call
// builds only its own tool's schemas.
const filingId = filingIdSchema;
const kindNames = Object.keys(filingKindAliases) as [string, ...string[]];
const kindArgument = once(() => z.enum(kindNames, { message: 'must be 5472 or partnership' }));

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const creates = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const overwrites = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };

const createdSchema = once(() =>
  z.object({
    id: z.string().describe('UUID of the filing.'),
    view_url: z.string().describe('Link to the filing in the companion app.'),
  }),
);
const okSchema = once(() => z.object({ ok: z.literal(true) }));
// What the create and update tools add to the spec's answers (issue 27): the unknown form_data
// keys they stored, and the list items a replacement list removed. Present only when non-empty.
const writeExtras = once(() => ({
  unrecognized_fields: z
    .array(z.string())
    .optional()
    .describe('form_data keys the form does not know, stored as sent: "llcname: did you mean llcName?".'),
  removed: z
    .array(z.object({ list: z.string(), id: z.string(), name: z.string().nullable() }))
    .optional()
    .describe('Items of relatedParties or partners that the list sent replaced and left out.'),
}));
const updatedSchema = once(() => createdSchema().extend(writeExtras()));
const updatedOkSchema = once(() => okSchema().extend(writeExtras()));
// The create tools' answer: possible_duplicates beside the new id when the user already has a
// filing with the same EIN and tax year (issue 27); the filing is created all the same.
const createdWithDuplicatesSchema = once(() =>
  createdSchema().extend({
    possible_duplicates: z
      .array(z.string())
      .optional()
      .describe('Ids of your other filings with the same EIN and tax year; present only when there are any.'),
    unrecognized_fields: writeExtras().unrecognized_fields,
  }),
);

/** The result fields naming what a write did not use as a form field or removed from a list. */
function extras(
  unrecognized: string[],
  removed: Array<{ list: string; id: string; name: string | null }> = [],
) {
  return {
    ...(unrecognized.length > 0 && { unrecognized_fields: unrecognized }),
    ...(removed.length > 0 && { removed }),
  };
}

// PostgreSQL refuses U+0000 in text and jsonb; tell the agent which input it was instead of
// answering an internal error.
const NUL_REJECTED = new Set(['22P05', '22021']);

async function storing<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (NUL_REJECTED.has((error as { code?: string } | null)?.code ?? '')) {
      throw new ToolError('Text values must not contain the NUL character (U+0000)', { cause: error });
    }
    throw error;
  }
}

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

function stringField(formData: Record<string, unknown>, name: string): string | null {
  const value = formData[name];
  return typeof value === 'string' ? value : value == null ? null : String(value);
}

/** get_form_schema's answer for one kind (a type alias, so it is a plain JSON record). */
type FormSchemaResult = { kind: FilingKind; description: string; fields: Record<string, string> };

function frozenDescriptor(kind: FilingKind): FormSchemaResult {
  const { description, fields } = formSchemaDescriptor(kind);
  return Object.freeze({ kind, description, fields: Object.freeze({ ...fields }) });
}

/** Builds one tool's definition (its zod schemas and handler). */
export type FilingToolFactory = () => ToolDefinition<any, any>;

/**
 * The 14 filing tools of the spec and check_filing (issue 16), bound to a database and the
 * companion app's address, each as a factory that builds the tool (its zod schemas included) when
 * called, keyed by tool name in `tools/list` order. Every tool acts on behalf of
 * `context.auth.userId` and sees only that user's records; a missing filing and another user's
 * filing both answer the tool error `Filing not found`. `createFilingTools` serves them lazily;
 * {@link createEagerFilingTools} builds them all.
 */
export function filingToolFactories(
  options: FilingToolsOptions & { db: Kysely<any> },
): Record<string, FilingToolFactory> {
  const repository = new FilingRepository(options.db);
  const { appUrl } = options;
  const listLimitMax = options.listLimitMax ?? DEFAULT_LIST_LIMIT_MAX;
  let limitSchema: z.ZodDefault<z.ZodNumber> | undefined;
  let filingsResultSchema: z.ZodObject<any> | undefined;
  // Shared by list_filings and list_partnership_filings, built with the first of them.
  const limit = () =>
    (limitSchema ??= z
      .number()
      .int({ message: 'must be an integer' })
      .min(1, { message: 'must be at least 1' })
      .max(listLimitMax, { message: `must be at most ${listLimitMax}` })
      .default(DEFAULT_LIST_LIMIT)
      .describe(
        `How many filings to return, newest first: 1 to ${listLimitMax}, default ${DEFAULT_LIST_LIMIT}.`,
      ));
  const filingsResult = () =>
    (filingsResultSchema ??= z.object({ filings: z.array(listedFilingSummarySchema()) }));
  const now = options.now ?? Date.now;

  const listFilings = () =>
    defineTool({
      name: 'list_filings',
      title: 'List single-member filings',
      description: `Lists your single-member (forms 5472/1120) filings, newest first: id, llc_name, ein, tax years, status, created_at, and ready, due_date, overdue (as check_filing finds them). Answers { filings: [...] }.`,
      inputSchema: z.object({ limit: limit() }),
      outputSchema: filingsResult(),
      annotations: readOnly,
      handler: async (args, { auth }) => ({
        filings: await withReadiness(
          '5472',
          await listFilingsWithFormData(options.db, 'filings', auth.userId, args.limit),
          now(),
        ),
      }),
    });

  const getFiling = () =>
    defineTool({
      name: 'get_filing',
      title: 'Get a single-member filing',
      description: 'Returns one single-member (5472/1120) filing with its full form_data.',
      inputSchema: z.object({ id: filingId().describe('UUID of the filing.') }),
      outputSchema: recordSchemas().filingSchema,
      annotations: readOnly,
      handler: async (args, { auth }) => {
        const filing = await repository.getFiling('filings', auth.userId, args.id);
        if (!filing) throw await filingNotFoundError(repository, 'get', '5472', auth.userId, args.id);
        return filing;
      },
    });

  const createFiling = () =>
    defineTool({
      name: 'create_filing',
      title: 'Create a single-member filing',
      description:
        'Creates a single-member foreign-owned LLC filing (forms 5472 and 1120) with status completed. Call get_form_schema first for the form_data fields. llc_name and ein default to form_data.llcName and form_data.ein; tax_year_begin and tax_year_end default to form_data.taxYearBegin and form_data.taxYearEnd. Answers { id, view_url }, plus possible_duplicates (ids) when you already have a filing with the same EIN and tax year.',
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
        const id = await storing(repository.createFiling('filings', record));
        const duplicates = await possibleDuplicates(options.db, 'filings', { ...record, id });
        return {
          id,
          view_url: filingViewUrl(appUrl, id),
          ...(duplicates.length > 0 && { possible_duplicates: duplicates }),
          ...extras(unrecognizedFields(singleMemberFormSchemas().singleMemberFormDataSchema, formData)),
        };
      },
    });

  const updateFiling = () =>
    defineTool({
      name: 'update_filing',
      title: 'Update a single-member filing',
      description:
        'Updates a single-member filing; form_data takes the same fields as create_filing (get_form_schema lists them). Only the supplied fields change; form_data is merged into the stored form_data at the top level (a supplied field replaces the stored one). The status is not changed. Answers { id, view_url }.',
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

  const deleteFiling = () =>
    defineTool({
      name: 'delete_filing',
      title: 'Delete a single-member filing',
      description: 'Deletes a single-member filing permanently. Answers { ok: true }.',
      inputSchema: z.object({ id: filingId().describe('UUID of the filing.') }),
      outputSchema: okSchema(),
      annotations: overwrites,
      handler: async (args, { auth }) => {
        if (!(await repository.deleteFiling('filings', auth.userId, args.id)))
          throw await filingNotFoundError(repository, 'delete', '5472', auth.userId, args.id);
        return { ok: true as const };
      },
    });

  const listPartnershipFilings = () =>
    defineTool({
      name: 'list_partnership_filings',
      title: 'List partnership filings',
      description:
        'Lists your partnership (form 1065, K-1, 8804/8805) filings, newest first, in the same summary shape as list_filings (llc_name is the partnership name; ready, due_date, overdue as check_filing finds them). Answers { filings: [...] }.',
      inputSchema: z.object({ limit: limit() }),
      outputSchema: filingsResult(),
      annotations: readOnly,
      handler: async (args, { auth }) => ({
        filings: await withReadiness(
          'partnership',
          await listFilingsWithFormData(options.db, 'partnership_filings', auth.userId, args.limit),
          now(),
        ),
      }),
    });

  const getPartnershipFiling = () =>
    defineTool({
      name: 'get_partnership_filing',
      title: 'Get a partnership filing',
      description: 'Returns one partnership filing with its full partnership form_data.',
      inputSchema: z.object({ id: filingId().describe('UUID of the partnership filing.') }),
      outputSchema: recordSchemas().filingSchema,
      annotations: readOnly,
      handler: async (args, { auth }) => {
        const filing = await repository.getFiling('partnership_filings', auth.userId, args.id);
        if (!filing) throw await filingNotFoundError(repository, 'get', 'partnership', auth.userId, args.id);
        return filing;
      },
    });

  const createPartnershipFiling = () =>
    defineTool({
      name: 'create_partnership_filing',
      title: 'Create a partnership filing',
      description:
        'Creates a partnership filing (form 1065, Schedule K-1, forms 8804/8805) with status completed. Call get_form_schema with kind "partnership" first. The record takes llc_name from form_data.partnershipName, and ein and tax years from form_data. Answers { id, view_url }, plus possible_duplicates (ids) when you already have a partnership filing with the same EIN and tax year.',
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
        const id = await storing(repository.createFiling('partnership_filings', record));
        const duplicates = await possibleDuplicates(options.db, 'partnership_filings', { ...record, id });
        return {
          id,
          view_url: partnershipFilingViewUrl(appUrl, id),
          ...(duplicates.length > 0 && { possible_duplicates: duplicates }),
          ...extras(unrecognizedFields(partnershipFormSchemas().partnershipFormDataSchema, formData)),
        };
      },
    });

  const updatePartnershipFiling = () =>
    defineTool({
      name: 'update_partnership_filing',
      title: 'Update a partnership filing',
      description:
        'Updates a partnership filing; form_data takes the same fields as create_partnership_filing (get_form_schema with kind "partnership" lists them). form_data is merged into the stored form_data at the top level, and the record’s llc_name (from partnershipName), ein and tax years are recomputed from the merged form_data. The status is not changed. Answers { ok: true }.',
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

  const deletePartnershipFiling = () =>
    defineTool({
      name: 'delete_partnership_filing',
      title: 'Delete a partnership filing',
      description: 'Deletes a partnership filing permanently. Answers { ok: true }.',
      inputSchema: z.object({ id: filingId().describe('UUID of the partnership filing.') }),
      outputSchema: okSchema(),
      annotations: overwrites,
      handler: async (args, { auth }) => {
        if (!(await repository.deleteFiling('partnership_filings', auth.userId, args.id))) {
          throw await filingNotFoundError(repository, 'delete', 'partnership', auth.userId, args.id);
        }
        return { ok: true as const };
      },
    });

  const listPayments = () =>
    defineTool({
      name: 'list_payments',
      title: 'List payments',
      description: `Lists your ${RECORD_LIST_LIMIT} newest payments (amount in the smallest currency unit, lower-case currency, filings_purchased). Answers { payments: [...] }.`,
      inputSchema: z.object({}),
      outputSchema: z.object({ payments: z.array(recordSchemas().paymentSchema) }),
      annotations: readOnly,
      handler: async (_args, { auth }) => ({
        payments: await repository.listPayments(auth.userId, RECORD_LIST_LIMIT),
      }),
    });

  const listFaxLogs = () =>
    defineTool({
      name: 'list_fax_logs',
      title: 'List fax logs',
      description: `Lists your ${RECORD_LIST_LIMIT} newest fax submissions with their delivery status. Answers { fax_logs: [...] }.`,
      inputSchema: z.object({}),
      outputSchema: z.object({ fax_logs: z.array(recordSchemas().faxLogSchema) }),
      annotations: readOnly,
      handler: async (_args, { auth }) => ({
        fax_logs: await repository.listFaxLogs(auth.userId, RECORD_LIST_LIMIT),
      }),
    });

  const getFormSchema = () => {
    // Each kind's answer is built by its first call (only that kind's form schema is built then).
    const formSchemaResults: Partial<Record<FilingKind, FormSchemaResult>> = {};
    return defineTool({
      name: 'get_form_schema',
      title: 'Get the form schema',
      description:
        'Describes the form_data fields of a filing kind: "5472" (single-member, forms 5472/1120; also "form-5472-1120") or "partnership" (form 1065, K-1, 8804/8805; also "form-1065"). Call it before create_filing or create_partnership_filing. Answers { kind, description, fields }.',
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

  const getPdfUrl = () =>
    defineTool({
      name: 'get_pdf_url',
      title: 'Get the PDF link of a filing',
      description:
        'Answers { url, kind, download_url, download_expires_at }: url is the filing’s PDF page in the companion app (for a signed-in browser); download_url, when this server builds the forms, is a signed link that answers the PDF itself without a session, for 15 minutes, to fetch or hand to the user. The result also links the PDF as the MCP resource filing://filings/{id}/packet.pdf (partnership: filing://partnership/{id}/packet.pdf). Works for either kind of filing: the server finds the filing and reports the resolved kind ("5472" or "partnership"). Run check_filing first.',
      inputSchema: z.object({
        id: filingId().describe('UUID of the filing (single-member or partnership).'),
        kind: kindArgument()
          .optional()
          .describe('Expected kind, "5472" (default) or "partnership"; the server corrects it.'),
      }),
      outputSchema: getPdfUrlOutputSchema(),
      annotations: readOnly,
      handler: async (args, { auth }) => {
        const preferred = resolveFilingKind(args.kind ?? '5472') ?? '5472';
        const kind = await repository.findFilingKind(auth.userId, args.id, preferred);
        if (!kind) throw new ToolError(FILING_NOT_FOUND);
        const url =
          kind === '5472' ? filingPdfUrl(appUrl, args.id) : partnershipFilingPdfUrl(appUrl, args.id);
        return getPdfUrlResult({
          kind,
          id: args.id,
          url,
          packetLinks: options.packetLinks,
          packetResources: options.packetResources === true,
        });
      },
    });

  const checkFiling = () =>
    defineTool({
      name: 'check_filing',
      title: 'Check whether a filing is ready',
      description:
        'Checks a filing of either kind against the IRS instructions as of a day (as_of, default today UTC): ready, missing [{ form, part, line, field }], invalid [{ field, message }], forms, due dates, how_to_file, overdue, days_late, penalties, late_filing; for a partnership also withholding_1446 (section 1446 tax, Form 8813 installments, Form 8804 dates) and notes. Ready means nothing missing or invalid; call it before get_pdf_url.',
      inputSchema: z.object({
        id: filingId().describe('UUID of the filing (single-member or partnership).'),
        kind: kindArgument()
          .optional()
          .describe('Expected kind, "5472" (default) or "partnership"; the server corrects it.'),
        as_of: calendarDate.optional().describe('Day to check for, YYYY-MM-DD; default today (UTC).'),
      }),
      outputSchema: filingReadinessSchema(),
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

  return {
    list_filings: listFilings,
    get_filing: getFiling,
    create_filing: createFiling,
    update_filing: updateFiling,
    delete_filing: deleteFiling,
    list_partnership_filings: listPartnershipFilings,
    get_partnership_filing: getPartnershipFiling,
    create_partnership_filing: createPartnershipFiling,
    update_partnership_filing: updatePartnershipFiling,
    delete_partnership_filing: deletePartnershipFiling,
    list_payments: listPayments,
    list_fax_logs: listFaxLogs,
    get_form_schema: getFormSchema,
    get_pdf_url: getPdfUrl,
    check_filing: withPacketLinkWhenReady(checkFiling, options.packetResources === true),
    complete_filing: () =>
      completeFilingTool({
        repository,
        update: { '5472': updateFiling, partnership: updatePartnershipFiling },
      }),
  };
}

/**
 * Every filing tool built now, zod schemas and all: what `tools/list` is generated from at build
 * time (`src/tools-list.generated.ts`) and what the tests compare the lazy tools with.
 */
export function createEagerFilingTools(
  options: FilingToolsOptions & { db: Kysely<any> },
): ToolDefinition<any, any>[] {
  return Object.entries(filingToolFactories(options)).map(([name, build]) =>
    withAdvertisedSchemas(build(), ADVERTISED[name] ?? {}),
  );
}

/**
 * How tools/list shows a tool's input where it differs from its zod schema (issue 27: a small tool
 * list): each form schema appears once, in its create tool, without the descriptions that
 * get_form_schema gives; the update tools point to it. Every result's schema is trimmed.
 */
const ADVERTISED: Readonly<Record<string, Advertised>> = {
  list_filings: { plainArguments: ['limit'] },
  create_filing: {
    input: fieldsDocumentedBy('get_form_schema'),
    // The description says what they default to.
    plainArguments: ['llc_name', 'ein'],
  },
  update_filing: {
    input: sameFieldsAs('create_filing', 'get_form_schema'),
    plainArguments: ['llc_name', 'ein'],
  },
  list_partnership_filings: { plainArguments: ['limit'] },
  create_partnership_filing: { input: fieldsDocumentedBy('get_form_schema with kind "partnership"') },
  update_partnership_filing: {
    input: sameFieldsAs('create_partnership_filing', 'get_form_schema with kind "partnership"'),
  },
};
