import type { Advertised } from '../forms/advertised-schemas.js';
import { fieldsDocumentedBy, sameFieldsAs } from '../forms/advertised-schemas.js';
import { KINDS_WITH_FORMS, type KindWithForm } from '../forms/kind-forms.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { kindRecordTools } from './kind-record-tools.js';
import { kindWriteTools, plainWriteArguments } from './kind-write-tools.js';
import type { FilingToolFactory, OpenFilingToolsOptions } from './tool-options.js';
import type { ListSchemas } from './tool-schemas.js';

/**
 * The tools of every kind of `FILING_KINDS` (or of `kinds`, each with its form loaded: a caller
 * registering a kind of its own beside them, `withForms([...FILING_KINDS, itsKind])`), each as a
 * factory keyed by its name, in `tools/list` order: per kind list, get, create, update and delete
 * (`list_filings` ... `delete_filing`, then `list_partnership_filings` ...).
 */
export function filingKindTools(
  options: OpenFilingToolsOptions,
  repository: FilingRepository,
  lists: ListSchemas,
  kinds: readonly KindWithForm[] = KINDS_WITH_FORMS,
): Record<string, FilingToolFactory> {
  const tools: Record<string, FilingToolFactory> = {};
  for (const { record, form } of kinds) {
    const names = record.tools;
    const records = kindRecordTools(record, options, repository, lists);
    const writes = kindWriteTools(record, form, options, repository);
    tools[names.list.name] = records.list;
    tools[names.get.name] = records.get;
    tools[names.create] = writes.create;
    tools[names.update] = writes.update;
    tools[names.delete.name] = records.delete;
  }
  return tools;
}

/**
 * How tools/list shows each kind's tools where it differs from their zod schemas: `limit` as it
 * is; the form schema once, in the create tool, which names get_form_schema for its descriptions;
 * the update tool pointing to it.
 */
export function kindToolsAdvertised(
  kinds: readonly KindWithForm[] = KINDS_WITH_FORMS,
): Record<string, Advertised> {
  const advertised: Record<string, Advertised> = {};
  for (const { record, form } of kinds) {
    const { tools, formSchemaHint } = record;
    const plainArguments = plainWriteArguments(form);
    const plain = plainArguments.length > 0 ? { plainArguments } : {};
    advertised[tools.list.name] = { plainArguments: ['limit'] };
    advertised[tools.create] = { input: fieldsDocumentedBy(formSchemaHint), ...plain };
    advertised[tools.update] = { input: sameFieldsAs(tools.create, formSchemaHint), ...plain };
  }
  return advertised;
}
