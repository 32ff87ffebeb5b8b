import type { ToolDefinition } from '@filing-mcp/protocol';
import { lazyOnce } from '@filing-mcp/protocol/internal';
import type * as z from 'zod';
import { DEFAULT_LIST_LIMIT_MAX, type FilingToolFactory, type FilingToolsOptions } from './tool-options.js';
import { LIST_LIMIT_MAX_PLACEHOLDER, TOOLS_LIST_TEMPLATE } from './tools-list.generated.js';

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
 * (`src/tools/tools-list.generated.ts`, emitted from the zod definitions; a test proves the two equal
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
 * The filing tools (docs/architecture.md lists them), bound to a database and the
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
  const factories = lazyOnce(async (): Promise<Record<string, FilingToolFactory>> => {
    const { db } = options;
    const [module, database] = await Promise.all([
      import('./filing-tool-definitions.js'),
      typeof db === 'function' ? db() : db,
    ]);
    return module.filingToolFactories({ ...options, db: database });
  });
  const built = new Map<string, ToolDefinition<any, any>>();

  async function definition(name: string): Promise<ToolDefinition<any, any>> {
    const known = built.get(name);
    if (known !== undefined) return known;
    const build = (await factories())[name];
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
