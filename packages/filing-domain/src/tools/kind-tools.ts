import type { Advertised } from '../forms/advertised-schemas.js';
import { fieldsDocumentedBy, sameFieldsAs } from '../forms/advertised-schemas.js';
import { KIND_FORMS, type KindForm } from '../forms/kind-forms.js';
import type { FilingKindRecord } from '../kinds/filing-kind.js';
import { FILING_KINDS } from '../kinds/filing-kinds.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { kindRecordTools } from './kind-record-tools.js';
import { kindWriteTools, plainWriteArguments } from './kind-write-tools.js';
import type { FilingToolFactory, OpenFilingToolsOptions } from './tool-options.js';
import type { ListSchemas } from './tool-schemas.js';

/**
 * The kinds whose tools are built, each with its form: `FILING_KINDS` and `KIND_FORMS` unless a
 * caller registers a kind of its own beside them (one more entry in each).
 */
export interface KindRegistry {
  kinds: readonly FilingKindRecord[];
  forms: Readonly<Record<string, Pick<KindForm, 'schema' | 'write' | 'rows'>>>;
}

const EVERY_KIND: KindRegistry = { kinds: FILING_KINDS, forms: KIND_FORMS };

/**
 * The tools of every kind of `FILING_KINDS`, each as a factory keyed by its name, in `tools/list`
 * order: per kind list, get, create, update and delete (`list_filings` ... `delete_filing`, then
 * `list_partnership_filings` ...).
 */
export function filingKindTools(
  options: OpenFilingToolsOptions,
  repository: FilingRepository,
  lists: ListSchemas,
  registry: KindRegistry = EVERY_KIND,
): Record<string, FilingToolFactory> {
  const tools: Record<string, FilingToolFactory> = {};
  for (const record of registry.kinds) {
    const form = registry.forms[record.kind];
    if (form === undefined) throw new TypeError(`kind ${record.kind} has no form`);
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
export function kindToolsAdvertised({ kinds, forms }: KindRegistry = EVERY_KIND): Record<string, Advertised> {
  const advertised: Record<string, Advertised> = {};
  for (const record of kinds) {
    const { tools, formSchemaHint } = record;
    const form = forms[record.kind];
    if (form === undefined) throw new TypeError(`kind ${record.kind} has no form`);
    const plainArguments = plainWriteArguments(form);
    const plain = plainArguments.length > 0 ? { plainArguments } : {};
    advertised[tools.list.name] = { plainArguments: ['limit'] };
    advertised[tools.create] = { input: fieldsDocumentedBy(formSchemaHint), ...plain };
    advertised[tools.update] = { input: sameFieldsAs(tools.create, formSchemaHint), ...plain };
  }
  return advertised;
}
