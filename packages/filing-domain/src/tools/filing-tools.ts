import type { ToolDefinition } from '@filing-mcp/protocol';
import type { Kysely } from 'kysely';
import type * as z from 'zod';
import type { FilingToolFactory } from './filing-tool-definitions.js';
import type { PacketLinks } from '../resources/packet-links.js';
import { LIST_LIMIT_MAX_PLACEHOLDER, TOOLS_LIST_TEMPLATE } from './tools-list.generated.js';

/** Default of the list tools' `limit` argument (spec: Limits). */
export const DEFAULT_LIST_LIMIT = 50;
/** Default upper bound of `limit`; the spec leaves it open, so it is a setting (`listLimitMax`). */
export const DEFAULT_LIST_LIMIT_MAX = 200;
/** list_payments and list_fax_logs answer at most this many records (spec: Limits). */
export const RECORD_LIST_LIMIT = 100;

/** The error message the spec names for a missing filing or another user's filing. */
export const FILING_NOT_FOUND = 'Filing not found';

/** Options of {@link createFilingTools}. */
export interface FilingToolsOptions {
  /**
   * Kysely instance on a database migrated with `migrateToLatest`, or a function answering it
   * (called by the first tool call; the filing server passes its lazily opened database).
   */
  db: Kysely<any> | (() => Promise<Kysely<any>>);
  /** `{app_url}` of the companion app; view and PDF links point into it. */
  appUrl: string;
  /** Upper bound of the list tools' `limit` argument, default {@link DEFAULT_LIST_LIMIT_MAX}. */
  listLimitMax?: number;
  /** Clock in Unix milliseconds (the list tools' `overdue`); default `Date.now`. */
  now?: () => number;
  /**
   * Whether the server serves the packets as MCP resources: get_pdf_url and a ready check_filing
   * then carry a `resource_link` to `filing://.../packet.pdf`.
   */
  packetResources?: boolean;
  /** Signs get_pdf_url's `download_url`; without it, get_pdf_url answers no `download_url`. */
  packetLinks?: PacketLinks;
}

/** One tool of the build-time `tools/list` answer. */
interface ListedTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolDefinition['annotations'];
}

/**
 * The `tools` of the `tools/list` answer for a `limit` bound, from the list generated at build time
 * (`src/tools-list.generated.ts`, emitted from the zod definitions; a test proves the two equal
 * byte for byte and fails when the file is stale).
 */
export function listedFilingTools(listLimitMax: number): ListedTool[] {
  if (!Number.isSafeInteger(listLimitMax) || listLimitMax < 1) {
    throw new TypeError(`listLimitMax must be a positive integer, not ${listLimitMax}`);
  }
  const json = TOOLS_LIST_TEMPLATE.replaceAll(LIST_LIMIT_MAX_PLACEHOLDER, String(listLimitMax));
  return (JSON.parse(json) as { tools: ListedTool[] }).tools;
}

/**
 * Starts loading the tool definitions (zod and every tool's schemas) without waiting for them, so
 * that their compilation overlaps the database's answer to a credential's check; the first tool
 * call then finds the module loaded. A failed load is left to that call to report.
 * @internal
 */
export function prefetchFilingToolDefinitions(): void {
  import('./filing-tool-definitions.js').catch(() => undefined);
}

/**
 * The 14 filing tools of the spec and check_filing (issue 16), bound to a database and the
 * companion app's address. Every tool acts on behalf of `context.auth.userId` and sees only that
 * user's records; a missing filing and another user's filing both answer the tool error
 * `Filing not found`.
 *
 * Cheap to call: `tools/list` comes from the list generated at build time, and nothing of zod, the
 * repository or the form checks is loaded until a tool is first called; each tool's validators
 * and handler are then built on its first call (`buildToolValidators` builds them all, for tests).
 */
export function createFilingTools(options: FilingToolsOptions): ToolDefinition<any, any>[] {
  const listed = listedFilingTools(options.listLimitMax ?? DEFAULT_LIST_LIMIT_MAX);
  let factories: Promise<Record<string, FilingToolFactory>> | undefined;
  const built = new Map<string, ToolDefinition<any, any>>();

  async function definition(name: string): Promise<ToolDefinition<any, any>> {
    const known = built.get(name);
    if (known !== undefined) return known;
    const { db } = options;
    factories ??= Promise.all([
      import('./filing-tool-definitions.js'),
      typeof db === 'function' ? db() : db,
    ]).then(
      ([module, database]) => module.filingToolFactories({ ...options, db: database }),
      (error: unknown) => {
        factories = undefined;
        throw error;
      },
    );
    const build = (await factories)[name];
    if (build === undefined) throw new TypeError(`Tool ${name} is listed but not defined`);
    const tool = build();
    if (tool.name !== name) throw new TypeError(`Tool ${name} is defined as ${tool.name}`);
    built.set(name, tool);
    return tool;
  }

  return listed.map((entry): ToolDefinition<any, any> => {
    const { name } = entry;
    return {
      name,
      ...(entry.title !== undefined && { title: entry.title }),
      description: entry.description,
      inputSchema: async () => (await definition(name)).inputSchema,
      inputJsonSchema: entry.inputSchema,
      ...(entry.outputSchema !== undefined && {
        // The eager definitions' schemas are zod objects: buildToolValidators checks it.
        outputSchema: async () => (await definition(name)).outputSchema as z.ZodObject<any>,
        outputJsonSchema: entry.outputSchema,
      }),
      ...(entry.annotations !== undefined && { annotations: entry.annotations }),
      handler: async (args, context) => (await definition(name)).handler(args, context),
    };
  });
}
