import type { ToolDefinition } from '@filing-mcp/protocol';
import { type Advertised, withAdvertisedSchemas } from '../forms/advertised-schemas.js';
import { FILING_KIND_LIST, kindRecord, type FilingKind } from '../kinds/filing-kinds.js';
import { FilingRepository } from '../storage/filing-repository.js';
import { markFiledTool, withFiledState } from './mark-filed-tool.js';
import { sendFaxTool } from './send-fax-tool.js';
import { SubmissionStore } from '../submission/submission-store.js';
import { completeFilingTool } from './complete-filing.js';
import { formTools } from './form-tools.js';
import { pdfUrlTool, withPacketLinkWhenReady } from './packet-link-tools.js';
import { filingKindTools, kindToolsAdvertised } from './kind-tools.js';
import { recordTools } from './record-tools.js';
import { buyTools } from '../payments/buy-tools.js';
import { withFilingCredits } from '../payments/check-filing-credits.js';
import {
  DEFAULT_LIST_LIMIT_MAX,
  type FilingToolFactory,
  type OpenFilingToolsOptions,
} from './tool-options.js';
import { listSchemas } from './tool-schemas.js';

export type { FilingToolFactory } from './tool-options.js';

/**
 * The filing tools, bound to a database and the companion app's address, each as a factory that
 * builds the tool (its zod schemas included) when called, keyed by tool name in `tools/list` order.
 * Every tool acts on behalf of `context.auth.userId` and sees only that user's records; a missing
 * filing and another user's filing both answer the tool error `Filing not found`.
 * `createFilingTools` serves them lazily; {@link createEagerFilingTools} builds them all.
 */
export function filingToolFactories(options: OpenFilingToolsOptions): Record<string, FilingToolFactory> {
  const repository = new FilingRepository(options.db);
  const lists = listSchemas(options.listLimitMax ?? DEFAULT_LIST_LIMIT_MAX);
  const kinds = filingKindTools(options, repository, lists);
  const form = formTools(repository, options.irsForms);
  const store = new SubmissionStore(options.db);
  return {
    ...kinds,
    ...recordTools(repository, { db: options.db, payments: options.payments }),
    get_form_schema: form.get_form_schema,
    get_pdf_url: pdfUrlTool(options, repository),
    check_filing: withPacketLinkWhenReady(
      withFilingCredits(withFiledState(form.check_filing, store, options.irsForms), {
        db: options.db,
        payments: options.payments,
      }),
      options.packetResources === true,
    ),
    complete_filing: () =>
      completeFilingTool({
        repository,
        update: Object.fromEntries(
          FILING_KIND_LIST.map((kind) => [kind, kinds[kindRecord(kind).tools.update]!]),
        ) as Record<FilingKind, FilingToolFactory>,
        irsForms: options.irsForms,
      }),
    send_fax: () =>
      sendFaxTool({
        repository,
        store,
        fax: options.fax,
        irsForms: options.irsForms,
        billing: { db: options.db, payments: options.payments },
      }),
    mark_filed: () =>
      markFiledTool({ repository, store, now: options.now ?? Date.now, irsForms: options.irsForms }),
    ...buyTools({
      db: options.db,
      repository,
      payments: options.payments,
      irsForms: options.irsForms,
      now: options.now ?? Date.now,
    }),
  };
}

/**
 * Every filing tool built now, zod schemas and all: what `tools/list` is generated from at build
 * time (`src/tools/tools-list.generated.ts`) and what the tests compare the lazy tools with.
 */
export function createEagerFilingTools(
  options: Omit<OpenFilingToolsOptions, 'irsForms'> & Partial<Pick<OpenFilingToolsOptions, 'irsForms'>>,
): ToolDefinition<any, any>[] {
  const irsForms = options.irsForms ?? noIrsForms;
  return Object.entries(filingToolFactories({ ...options, irsForms })).map(([name, build]) =>
    withAdvertisedSchemas(build(), ADVERTISED[name] ?? {}),
  );
}

/** createEagerFilingTools without `irsForms`: the tools that check a filing refuse to. */
const noIrsForms = () =>
  Promise.reject(
    new TypeError('createEagerFilingTools: pass irsForms to call the tools that check a filing'),
  );

/**
 * How tools/list shows a tool's input where it differs from its zod schema (a small tool
 * list): each form schema appears once, in its create tool, without the descriptions that
 * get_form_schema gives; the update tools point to it. Every result's schema is trimmed.
 */
const ADVERTISED: Readonly<Record<string, Advertised>> = {
  ...kindToolsAdvertised(),
  // The tool descriptions say what these take.
  get_form_schema: { plainArguments: ['kind', 'formType', 'form'] },
  get_pdf_url: { plainArguments: ['kind'] },
  check_filing: { plainArguments: ['kind', 'as_of'] },
  complete_filing: { plainArguments: ['kind'] },
  send_fax: { plainArguments: ['confirm', 'resend'] },
  mark_filed: { plainArguments: ['date', 'tracking_number', 'replace'] },
};
