import { ToolError } from '@filing-mcp/protocol';
import { type MergedFormData, mergedProblems, mergeFormData } from '../forms/form-data-merge.js';
import { formDataSchemaOf } from '../forms/kind-forms.js';
import { FILING_KINDS, type FilingKind } from '../kinds/filing-kinds.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { filingNotFoundError } from './wrong-kind.js';

/**
 * An update tool's `form_data` merged into the stored filing's (form-data-merge.ts): refused with
 * every problem by its path when a changed field no longer fits the form, so nothing is stored;
 * "Filing not found" (or the right tool for the other kind) when the filing is not the user's.
 */
export async function mergedUpdate(
  repository: FilingRepository,
  kind: FilingKind,
  userId: string,
  id: string,
  formData: Record<string, unknown>,
): Promise<MergedFormData>;
export async function mergedUpdate(
  repository: FilingRepository,
  kind: FilingKind,
  userId: string,
  id: string,
  formData: Record<string, unknown> | undefined,
): Promise<MergedFormData | undefined>;
export async function mergedUpdate(
  repository: FilingRepository,
  kind: FilingKind,
  userId: string,
  id: string,
  formData: Record<string, unknown> | undefined,
): Promise<MergedFormData | undefined> {
  if (formData === undefined) return undefined;
  const stored = await repository.getFiling(FILING_KINDS[kind].table, userId, id);
  if (!stored) throw await filingNotFoundError(repository, 'update', kind, userId, id);
  const merge = mergeFormData(stored.form_data, formData, FILING_KINDS[kind].listItems);
  const problems = mergedProblems(formDataSchemaOf(kind), merge);
  if (problems.length > 0) throw new ToolError(`Invalid arguments: ${problems.join('; ')}`);
  return merge;
}

/** The top-level fields an update changed, each as merged (the repository stores them whole). */
export function changedFields(merge: MergedFormData): Record<string, unknown> {
  return Object.fromEntries(merge.changed.map((key) => [key, merge.formData[key]]));
}
