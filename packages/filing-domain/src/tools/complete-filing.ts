import {
  inputRequired,
  type ToolContext,
  type ToolDefinition,
  ToolError,
  defineTool,
} from '@filing-mcp/protocol';
import * as z from 'zod';
import { type FilingKind, filingKindAliases, resolveFilingKind } from '../forms/form-schema-descriptor.js';
import { once } from '../once.js';
import { type FilingRepository, filingTable } from '../storage/filing-repository.js';
import { formatFieldPath, type PathSegment, pathOfFlatName } from './elicitation-fields.js';
import {
  type AskedField,
  askableFields,
  ELICITATION_KEY,
  type FilingCheck,
  fieldList,
  MAX_FIELDS_PER_ROUND,
  patchOf,
  readAnswer,
  requestedSchema,
  supportsFormElicitation,
} from './elicitation-form.js';
import { filingIdSchema } from './filing-id.js';
import { FILING_NOT_FOUND } from './tool-options.js';

export { ELICITATION_KEY, MAX_FIELDS_PER_ROUND, supportsFormElicitation } from './elicitation-form.js';

const UPDATE_TOOL: Readonly<Record<FilingKind, string>> = {
  '5472': 'update_filing',
  partnership: 'update_partnership_filing',
};

const kindNames = Object.keys(filingKindAliases) as [string, ...string[]];

/** complete_filing's final answer (an `input_required` round has none). */
export const completeFilingOutputSchema = once(() =>
  z.object({
    id: z.string(),
    kind: z.enum(['5472', 'partnership']),
    ready: z.boolean().describe('Whether check_filing now finds nothing missing or invalid.'),
    outcome: z
      .enum(['ready', 'declined', 'ask_the_user', 'incomplete'])
      .describe(
        'ready: nothing is missing; declined: the user declined or cancelled the form and nothing changed; ask_the_user: this client cannot show a form, so ask the user for fields and send them with update_tool; incomplete: what is left cannot be asked in a form.',
      ),
    stored: z.array(z.string()).describe('form_data fields stored from the user’s last answers.'),
    fields: z
      .array(z.object({ field: z.string(), title: z.string(), description: z.string(), type: z.string() }))
      .describe('Fields still to ask the user for, at most 8 at a time.'),
    update_tool: z
      .string()
      .describe('The tool that stores them: update_filing or update_partnership_filing.'),
    missing: z.array(z.object({ form: z.string(), line: z.string(), field: z.string() })),
    invalid: z.array(z.object({ field: z.string(), message: z.string() })),
    message: z.string(),
  }),
);

/** The input schema of complete_filing. */
const completeFilingInput = once(() =>
  z.object({
    id: filingIdSchema().describe('UUID of the filing (single-member or partnership).'),
    kind: z
      .enum(kindNames, { message: 'must be 5472 or partnership' })
      .optional()
      .describe('Expected kind, "5472" (default) or "partnership"; the server corrects it.'),
  }),
);

/**
 * complete_filing: asks the user, through the client, for what check_filing finds
 * missing or invalid, and stores the answers with the update tool's own validation and write.
 *
 * On MCP 2026-07-28 with a client that declares elicitation, it answers `input_required` with a
 * form of at most {@link MAX_FIELDS_PER_ROUND} flat fields (titles from the form lines,
 * descriptions from the form_data schema) and asks again, round after round, until the filing is
 * ready or the user declines (a decline changes nothing). The rounds carry no state: each form's
 * field names are the form_data paths, flattened (`relatedParties__0__name`), so a retried call maps
 * the answers back from the filing as it is. Without elicitation (a 2025 client, or a client that
 * did not declare it), it answers the fields to ask the user for and the update tool to send them with.
 */
export function completeFilingTool(deps: {
  repository: FilingRepository;
  /** The update tools, whose validation and write store the answers. */
  update: Readonly<Record<FilingKind, () => ToolDefinition<any, any>>>;
}): ToolDefinition<any, any> {
  const { repository } = deps;
  const updateTools: Partial<Record<FilingKind, ToolDefinition<any, any>>> = {};

  async function load(userId: string, id: string, preferred: FilingKind) {
    const kind = await repository.findFilingKind(userId, id, preferred);
    const filing = kind && (await repository.getFiling(filingTable(kind), userId, id));
    if (!kind || !filing) throw new ToolError(FILING_NOT_FOUND);
    return { kind, filing };
  }

  /** Stores answers through the update tool; answers the refusal text when they do not validate. */
  async function store(
    kind: FilingKind,
    filing: {
      id: string;
      llc_name: string | null;
      ein: string | null;
      tax_year_begin: string | null;
      tax_year_end: string | null;
      form_data: Record<string, unknown>;
    },
    patch: Record<string, unknown>,
    context: ToolContext,
  ): Promise<string | undefined> {
    updateTools[kind] ??= deps.update[kind]();
    const update = updateTools[kind];
    const args: Record<string, unknown> = { id: filing.id, form_data: patch };
    // A single-member record keeps its own name, EIN and tax years; fill the ones still empty.
    if (kind === '5472') {
      if (filing.llc_name === null && typeof patch.llcName === 'string') args.llc_name = patch.llcName;
      if (filing.ein === null && typeof patch.ein === 'string') args.ein = patch.ein;
      if (filing.tax_year_begin === null && typeof patch.taxYearBegin === 'string')
        args.tax_year_begin = patch.taxYearBegin;
      if (filing.tax_year_end === null && typeof patch.taxYearEnd === 'string')
        args.tax_year_end = patch.taxYearEnd;
    }
    const schema = typeof update.inputSchema === 'function' ? await update.inputSchema() : update.inputSchema;
    const parsed = (schema as z.ZodObject<any>).safeParse(args);
    if (!parsed.success) {
      return parsed.error.issues
        .map((issue) => {
          const path = issue.path.slice(issue.path[0] === 'form_data' ? 1 : 0) as PathSegment[];
          return `${formatFieldPath(path) || issue.path.join('.')}: ${issue.message}`;
        })
        .join('; ');
    }
    const result = await update.handler(parsed.data, context);
    const text = (result as { isError?: boolean; content?: Array<{ text?: string }> } | undefined)?.isError
      ? ((result as { content: Array<{ text?: string }> }).content[0]?.text ?? 'refused')
      : undefined;
    return text;
  }

  return defineTool({
    name: 'complete_filing',
    title: 'Ask the user for what a filing still needs',
    description:
      'Asks the user for what check_filing finds missing or invalid (either kind). With elicitation (MCP 2026-07-28): forms of at most 8 fields, stored with update_filing’s checks, until ready or declined (nothing changes). Otherwise: the fields to ask for and the update_tool.',
    inputSchema: completeFilingInput(),
    outputSchema: completeFilingOutputSchema(),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    handler: async (args, context) => {
      const preferred = resolveFilingKind(args.kind ?? '5472') ?? '5472';
      let { kind, filing } = await load(context.auth.userId, args.id, preferred);
      const { checkFilingReadiness } = await import('@filing-mcp/irs-forms');
      let readiness: FilingCheck = checkFilingReadiness(kind, filing.form_data);
      let stored: string[] = [];
      let refusal: string | undefined;

      const answer = readAnswer(context);
      if (answer?.action === 'decline' || answer?.action === 'cancel') {
        return final(
          filing.id,
          kind,
          readiness,
          'declined',
          [],
          [],
          'The user declined the form: nothing was changed.',
        );
      }
      if (answer?.action === 'accept') {
        const { asked } = askableFields(kind, readiness);
        const askedByName = new Map(asked.map((field) => [field.name, field]));
        const answers: Array<{ path: PathSegment[]; value: unknown }> = [];
        for (const [name, value] of Object.entries(answer.content)) {
          const field = askedByName.get(name);
          // Only what the form asked (and is still asked): a name no path maps to is ignored.
          if (field === undefined || pathOfFlatName(name) === undefined) continue;
          if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
            continue;
          answers.push({ path: field.path, value: typeof value === 'string' ? value.trim() : value });
        }
        if (answers.length > 0) {
          const patch = patchOf(kind, filing.form_data, answers);
          refusal =
            patch === undefined
              ? 'the answers do not fit the filing'
              : await store(kind, filing, patch, context);
          if (refusal === undefined) {
            stored = answers.map((entry) => formatFieldPath(entry.path));
            ({ kind, filing } = await load(context.auth.userId, args.id, kind));
            readiness = checkFilingReadiness(kind, filing.form_data);
          }
        }
        if (answers.length === 0 && refusal === undefined) {
          // An accepted form with nothing in it: stop rather than ask the same again.
          const { asked: left } = askableFields(kind, readiness);
          return final(
            filing.id,
            kind,
            readiness,
            readiness.ready ? 'ready' : 'incomplete',
            [],
            left.slice(0, MAX_FIELDS_PER_ROUND),
            'The user sent the form back empty: nothing was changed.',
          );
        }
      }

      if (readiness.ready) {
        return final(
          filing.id,
          kind,
          readiness,
          'ready',
          stored,
          [],
          'The filing is ready: call get_pdf_url for the PDF.',
        );
      }
      const { asked, unaskable } = askableFields(kind, readiness);
      const round = asked.slice(0, MAX_FIELDS_PER_ROUND);
      if (round.length === 0) {
        return final(
          filing.id,
          kind,
          readiness,
          'incomplete',
          stored,
          [],
          `What is left cannot be asked in a form (${unaskable.join(', ')}): ask the user and send it with ${UPDATE_TOOL[kind]}, as get_form_schema describes.`,
        );
      }
      if (!supportsFormElicitation(context.clientCapabilities)) {
        return final(
          filing.id,
          kind,
          readiness,
          'ask_the_user',
          stored,
          round,
          `This client cannot show the user a form (elicitation needs MCP 2026-07-28 and a client that declares it). Ask the user for the fields listed and send them with ${UPDATE_TOOL[kind]} {id, form_data}; a list field (such as relatedParties[0].name) is sent as the whole list, every item kept.`,
        );
      }
      const name = filing.llc_name ?? (kind === '5472' ? 'your LLC' : 'your partnership');
      const more = asked.length > round.length ? ` (${round.length} of them here)` : '';
      const intro =
        refusal === undefined
          ? `${name}: the IRS forms still need ${asked.length === 1 ? 'one answer' : `${asked.length} answers`}${more}.`
          : `Some answers were not accepted (${refusal}); nothing was stored. Please correct them.`;
      return inputRequired({
        inputRequests: {
          [ELICITATION_KEY]: {
            method: 'elicitation/create',
            params: { mode: 'form', message: intro, requestedSchema: requestedSchema(round) },
          },
        },
      });
    },
  });

  function final(
    id: string,
    kind: FilingKind,
    readiness: FilingCheck,
    outcome: 'ready' | 'declined' | 'ask_the_user' | 'incomplete',
    stored: string[],
    fields: AskedField[],
    message: string,
  ) {
    return {
      id,
      kind,
      ready: readiness.ready,
      outcome,
      stored,
      fields: fieldList(fields),
      update_tool: UPDATE_TOOL[kind],
      missing: readiness.missing,
      invalid: readiness.invalid,
      message,
    };
  }
}
