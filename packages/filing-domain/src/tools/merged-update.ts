import { ToolError } from '@filing-mcp/protocol';
import { type MergedFormData, mergedProblems, mergeFormData } from '../forms/form-data-merge.js';
import type * as z from 'zod';
import type { FilingKindRecord } from '../kinds/filing-kind.js';
import type { FilingKind } from '../kinds/filing-kinds.js';
import type { FilingRepository, FilingTableName } from '../storage/filing-repository.js';
import { filingNotFoundError } from './wrong-kind.js';

/**
 * An update tool's `form_data` merged into the stored filing's (form-data-merge.ts): refused with
 * every problem by its path when a changed field no longer fits the form, so nothing is stored;
 * "Filing not found" (or the right tool for the other kind) when the filing is not the user's.
 */
export async function mergedUpdate(
  repository: FilingRepository,
  kind: Pick<FilingKindRecord, 'kind' | 'table' | 'listItems'>,
  schema: z.ZodObject<any>,
  userId: string,
  id: string,
  formData: Record<string, unknown>,
): Promise<MergedFormData>;
export async function mergedUpdate(
  repository: FilingRepository,
  kind: Pick<FilingKindRecord, 'kind' | 'table' | 'listItems'>,
  schema: z.ZodObject<any>,
  userId: string,
  id: string,
  formData: Record<string, unknown> | undefined,
): Promise<MergedFormData | undefined>;
export async function mergedUpdate(
  repository: FilingRepository,
  kind: Pick<FilingKindRecord, 'kind' | 'table' | 'listItems'>,
  schema: z.ZodObject<any>,
  userId: string,
  id: string,
  formData: Record<string, unknown> | undefined,
): Promise<MergedFormData | undefined> {
  if (formData === undefined) return undefined;
  const stored = await repository.getFiling(kind.table as FilingTableName, userId, id);
  if (!stored) throw await filingNotFoundError(repository, 'update', kind.kind as FilingKind, userId, id);
  const merge = mergeFormData(stored.form_data, formData, kind.listItems);
  const problems = mergedProblems(schema, merge);
  if (problems.length > 0) throw new ToolError(`Invalid arguments: ${problems.join('; ')}`);
  return merge;
}

/** The top-level fields an update changed, each as merged (the repository stores them whole). */
export function changedFields(merge: MergedFormData): Record<string, unknown> {
  return Object.fromEntries(merge.changed.map((key) => [key, merge.formData[key]]));
}
