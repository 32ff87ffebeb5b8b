import type { Advertised } from '../forms/advertised-schemas.js';
import { fieldsDocumentedBy, sameFieldsAs } from '../forms/advertised-schemas.js';
import { FILING_KIND_LIST, FILING_KINDS, type FilingKind } from '../kinds/filing-kinds.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { type KindWriteTools, kindRecordTools } from './kind-record-tools.js';
import { partnershipWriteTools } from './partnership-tools.js';
import { singleMemberWriteTools } from './single-member-tools.js';
import type { FilingToolFactory, OpenFilingToolsOptions } from './tool-options.js';
import type { ListSchemas } from './tool-schemas.js';

/**
 * The create and update tools of each kind (they take its form), beside its record, and the
 * arguments beside form_data that tools/list shows as they are (their descriptions say it all).
 */
const WRITE_TOOLS: Readonly<
  Record<
    FilingKind,
    {
      build: (options: OpenFilingToolsOptions, repository: FilingRepository) => KindWriteTools;
      plainArguments: string[];
    }
  >
> = {
  // The record keeps its own name and EIN: the descriptions say what they default to.
  '5472': { build: singleMemberWriteTools, plainArguments: ['llc_name'] },
  partnership: { build: partnershipWriteTools, plainArguments: [] },
};

/**
 * The tools of every kind of `FILING_KINDS`, each as a factory keyed by its name, in `tools/list`
 * order: per kind list, get, create, update and delete (`list_filings` ... `delete_filing`, then
 * `list_partnership_filings` ...).
 */
export function filingKindTools(
  options: OpenFilingToolsOptions,
  repository: FilingRepository,
  lists: ListSchemas,
): Record<string, FilingToolFactory> {
  const tools: Record<string, FilingToolFactory> = {};
  for (const kind of FILING_KIND_LIST) {
    const names = FILING_KINDS[kind].tools;
    const records = kindRecordTools(kind, options, repository, lists);
    const writes = WRITE_TOOLS[kind].build(options, repository);
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
export function kindToolsAdvertised(): Record<string, Advertised> {
  const advertised: Record<string, Advertised> = {};
  for (const kind of FILING_KIND_LIST) {
    const { tools, formSchemaHint } = FILING_KINDS[kind];
    const { plainArguments } = WRITE_TOOLS[kind];
    const plain = plainArguments.length > 0 ? { plainArguments } : {};
    advertised[tools.list.name] = { plainArguments: ['limit'] };
    advertised[tools.create] = { input: fieldsDocumentedBy(formSchemaHint), ...plain };
    advertised[tools.update] = { input: sameFieldsAs(tools.create, formSchemaHint), ...plain };
  }
  return advertised;
}
