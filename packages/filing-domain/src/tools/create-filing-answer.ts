import type * as z from 'zod';
import { unrecognizedFields } from '../forms/unrecognized-fields.js';
import type { FilingRepository, FilingTableName, NewFiling } from '../storage/filing-repository.js';
import { extras, storing } from './tool-schemas.js';

/**
 * Stores a new filing of either kind and answers what both create tools answer: `{ id, view_url }`,
 * with `possible_duplicates` (the user's filings of that table with the same EIN and tax year) and
 * `unrecognized_fields` (keys of form_data `formSchema` does not name) when there are any.
 */
export async function createFilingAnswer(
  repository: FilingRepository,
  table: FilingTableName,
  record: NewFiling,
  formSchema: z.ZodType,
  viewUrl: (id: string) => string,
) {
  const { id, possibleDuplicates } = await storing(repository.createFilingFindingDuplicates(table, record));
  return {
    id,
    view_url: viewUrl(id),
    ...(possibleDuplicates.length > 0 && { possible_duplicates: possibleDuplicates }),
    ...extras(unrecognizedFields(formSchema, record.formData)),
  };
}
