import { defineTool } from '@filing-mcp/protocol';
import * as z from 'zod';
import type { FilingKindRecord } from '../kinds/filing-kind.js';
import type { FilingKind } from '../kinds/filing-kinds.js';
import type { FilingRepository, FilingTableName } from '../storage/filing-repository.js';
import { recordSchemas } from '../storage/records.js';
import { SubmissionStore } from '../submission/submission-store.js';
import { submissionsOf } from '../submission/submissions-of.js';
import { submissionSchemas } from '../submission/submission-schemas.js';
import { withReadiness } from './filing-summaries.js';
import type { FilingToolFactory, OpenFilingToolsOptions } from './tool-options.js';
import { filingId, type ListSchemas, okSchema, overwrites, readOnly } from './tool-schemas.js';
import { filingNotFoundError } from './wrong-kind.js';

/**
 * The list, get and delete tools of one kind of filing, each as a factory: list answers the
 * user's newest filings with check_filing's `ready`, `due_date` and `overdue`; get and delete act
 * on one of the user's filings of this kind and name the right tool for a filing of another. Their
 * names and texts are the kind's record (`kinds/<kind>.ts`).
 */
export function kindRecordTools(
  record: FilingKindRecord,
  options: OpenFilingToolsOptions,
  repository: FilingRepository,
  lists: ListSchemas,
): Record<'list' | 'get' | 'delete', FilingToolFactory> {
  // A kind of FILING_KINDS, or one its user registers beside them (test/kinds/third-kind.test.ts).
  const kind = record.kind as FilingKind;
  const table = record.table as FilingTableName;
  const texts = record.tools;
  const now = options.now ?? Date.now;
  return {
    list: () =>
      defineTool({
        ...texts.list,
        inputSchema: z.object({ limit: lists.limit() }),
        outputSchema: lists.filingsResult(),
        annotations: readOnly,
        handler: async (args, { auth }) => ({
          filings: await withReadiness(
            kind,
            await repository.listFilingsWithFormData(table, auth.userId, args.limit),
            now(),
            options.irsForms,
          ),
        }),
      }),
    get: () =>
      defineTool({
        ...texts.get,
        inputSchema: z.object({ id: filingId().describe(texts.id) }),
        outputSchema: recordSchemas().filingSchema.extend({
          submissions: submissionSchemas().submissions.optional(),
        }),
        annotations: readOnly,
        handler: async (args, { auth }) => {
          const found = await repository.getFilingAndSubmissionFlag(table, auth.userId, args.id);
          if (!found) throw await filingNotFoundError(repository, 'get', kind, auth.userId, args.id);
          const empty = { signed_copies: [], faxes: [], filed: null };
          const submissions = found.hasSubmissions
            ? await submissionsOf(options.db, auth.userId, args.id, options.irsForms)
            : empty;
          return { ...found.filing, submissions };
        },
      }),
    delete: () =>
      defineTool({
        ...texts.delete,
        inputSchema: z.object({ id: filingId().describe(texts.id) }),
        outputSchema: okSchema(),
        annotations: overwrites,
        handler: async (args, { auth }) => {
          if (!(await repository.deleteFiling(table, auth.userId, args.id))) {
            throw await filingNotFoundError(repository, 'delete', kind, auth.userId, args.id);
          }
          // Its signed copies (the signed return itself) and filed record go with it; fax logs stay.
          await new SubmissionStore(options.db).forgetFiling(auth.userId, args.id);
          return { ok: true as const };
        },
      }),
  };
}
