import { defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import { clearableFormData } from '../forms/cleared-fields.js';
import { calendarDate, ein as einField } from '../forms/form-fields.js';
import { unrecognizedFields } from '../forms/unrecognized-fields.js';
import type { FilingColumn, FilingKindRecord, KindForm, KindWrites } from '../kinds/filing-kind.js';
import type { FilingKind } from '../kinds/filing-kinds.js';
import type { FilingRepository, FilingTableName } from '../storage/filing-repository.js';
import { filedChangeWarning } from '../submission/filed-change.js';
import { createFilingAnswer } from './create-filing-answer.js';
import { changedFields, mergedUpdate } from './merged-update.js';
import type { FilingToolFactory, OpenFilingToolsOptions } from './tool-options.js';
import {
  createdWithDuplicatesSchema,
  creates,
  extras,
  filingId,
  overwrites,
  storing,
  stringField,
  updatedOkSchema,
  updatedSchema,
} from './tool-schemas.js';
import { pageViewUrl } from './view-urls.js';
import { filingNotFoundError } from './wrong-kind.js';

/** The create and update tools of one kind of filing: they take its form, so each kind has its own. */
export interface KindWriteTools {
  create: FilingToolFactory;
  update: FilingToolFactory;
}

/**
 * The record's columns as the create and update tools of a kind with `rows.columnArguments` take
 * them (each argument named as its column), in their order: its schema, what it is, its format.
 * `plain`: tools/list shows its description as it is.
 */
const COLUMN_ARGUMENTS: ReadonlyArray<{
  column: FilingColumn;
  schema: () => z.ZodString;
  what: string;
  format: string;
  plain?: true;
}> = [
  {
    column: 'llc_name',
    schema: () => z.string(),
    what: 'Entity name on the record',
    format: '',
    plain: true,
  },
  {
    column: 'ein',
    schema: () => einField,
    what: 'EIN on the record',
    format: ', NN-NNNNNNN',
  },
  {
    column: 'tax_year_begin',
    schema: () => calendarDate,
    what: 'Start of the tax year',
    format: ', YYYY-MM-DD',
  },
  {
    column: 'tax_year_end',
    schema: () => calendarDate,
    what: 'End of the tax year',
    format: ', YYYY-MM-DD',
  },
];

/** `Entity name...` as it reads after "New": `entity name...`; `EIN...` stays. */
const afterNew = (what: string) =>
  /^[A-Z][a-z]/.test(what) ? what.charAt(0).toLowerCase() + what.slice(1) : what;

/** The arguments of a kind's write tools that tools/list shows as they are. */
export function plainWriteArguments(form: Pick<KindWrites, 'rows'>): string[] {
  return form.rows.columnArguments
    ? COLUMN_ARGUMENTS.filter((entry) => entry.plain).map((entry) => entry.column)
    : [];
}

/**
 * The create and update tools of a kind of filing, each as a factory, from its record (names,
 * page) and its form (schema, texts, row mapping): create stores form_data (its list items given ids) with
 * the columns its row mapping reads from it, and answers its possible duplicates; update merges
 * form_data field by field into the stored filing's and stores the columns as the row mapping says
 * (`storage/filing-repository.ts`, `updateFiling`). The list, get and delete tools are every kind's
 * (`kind-record-tools.ts`).
 */
export function kindWriteTools(
  record: FilingKindRecord,
  form: Pick<KindForm, 'schema' | 'write' | 'rows'>,
  options: OpenFilingToolsOptions,
  repository: FilingRepository,
): KindWriteTools {
  // A kind of FILING_KINDS, or one its user registers beside them (test/kinds/third-kind.test.ts).
  const kind = record.kind as FilingKind;
  const table = record.table as FilingTableName;
  const { columns, columnArguments } = form.rows;
  const viewUrl = (id: string) => pageViewUrl(record.page, options.appUrl, id);
  const columnArgs = columnArguments ? COLUMN_ARGUMENTS : [];

  const create = () =>
    defineTool({
      name: record.tools.create,
      ...form.write.create,
      inputSchema: z.object({
        form_data: form.schema(),
        ...Object.fromEntries(
          columnArgs.map(({ column, schema, what, format }) => [
            column,
            schema().optional().describe(`${what}${format}; default form_data.${columns[column]}.`),
          ]),
        ),
      }),
      outputSchema: createdWithDuplicatesSchema(),
      annotations: creates,
      handler: async (args: Record<string, any>, { auth }) => {
        const formData = record.listItems.withIds(args.form_data, undefined);
        const given = (column: FilingColumn): string | undefined =>
          columnArguments ? args[column] : undefined;
        const text = (column: FilingColumn) => given(column) ?? stringField(formData, columns[column]);
        const date = (column: FilingColumn) => given(column) ?? (formData[columns[column]] as string) ?? null;
        const filing = {
          userId: auth.userId,
          llcName: text('llc_name'),
          ein: text('ein'),
          taxYearBegin: date('tax_year_begin'),
          taxYearEnd: date('tax_year_end'),
          formData,
        };
        return createFilingAnswer(repository, table, filing, form.schema(), viewUrl);
      },
    });

  const update = () => {
    const clearable = clearableFormData(form.schema());
    const what = `form_data fields to change: objects merge field by field, a list is sent whole, null clears, and a check_filing path (${form.write.pathExample}) may be a key.`;
    // With the columns as arguments, an update may change only them.
    const formData = columnArguments ? clearable.optional().describe(what) : clearable.describe(what);
    return defineTool({
      name: record.tools.update,
      ...form.write.update,
      inputSchema: z.object({
        id: filingId().describe(record.tools.id),
        ...Object.fromEntries(
          columnArgs.map(({ column, schema, what, format }) => [
            column,
            schema()
              .optional()
              .describe(`New ${afterNew(what)}${format}.`),
          ]),
        ),
        form_data: formData,
      }),
      outputSchema: form.write.updateAnswer === 'link' ? updatedSchema() : updatedOkSchema(),
      annotations: overwrites,
      handler: async (args: Record<string, any>, { auth }) => {
        const merge = await mergedUpdate(
          repository,
          record,
          form.schema(),
          auth.userId,
          args.id,
          args.form_data,
        );
        const changed = merge ? changedFields(merge) : {};
        // A column given as an argument wins; else it follows the form_data field sent.
        const sent = (column: FilingColumn) => {
          const value = changed[columns[column]];
          return typeof value === 'string' ? value : undefined;
        };
        const columnValues = Object.fromEntries(
          columnArgs.map(({ column }) => [column, args[column] ?? sent(column)]),
        );
        const found = await storing(
          repository.updateFiling({ table, rows: form.rows }, auth.userId, args.id, {
            ...(columnArguments && { columns: columnValues }),
            formData: merge && changed,
            clearFormData: merge?.cleared,
          }),
        );
        if (!found) throw await filingNotFoundError(repository, 'update', kind, auth.userId, args.id);
        const answer =
          form.write.updateAnswer === 'link'
            ? { id: args.id, view_url: viewUrl(args.id) }
            : { ok: true as const };
        return {
          ...answer,
          ...extras(merge ? unrecognizedFields(form.schema(), changed) : [], merge?.removed),
          ...(await filedChangeWarning(options.db, auth.userId, args.id, kind, options.irsForms)),
        };
      },
    });
  };

  return { create, update };
}
