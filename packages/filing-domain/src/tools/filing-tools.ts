import type { ToolDefinition } from '@filing-mcp/protocol';
import { lazyOnce } from '@filing-mcp/protocol/internal';
import type * as z from 'zod';
import { listedFilingTools, loadIrsForms, loadToolDefinitions } from '../server/deferred.js';
import { DEFAULT_LIST_LIMIT_MAX, type FilingToolFactory, type FilingToolsOptions } from './tool-options.js';

/**
 * The filing tools (docs/architecture.md lists them) as the plain array the MCP server registers
 * once, bound to a database and the companion app's address. Every tool acts on behalf of
 * `context.auth.userId` and sees only that user's records; a missing filing and another user's
 * filing both answer the tool error `Filing not found`.
 *
 * Each entry is the tool as `tools/list` shows it (name, texts, JSON Schemas, annotations: the list
 * generated at build time) with its zod schemas and handler built by its first call, from the
 * definitions `server/deferred.ts` loads then; a call after that goes straight to the built
 * handler, with no look-up by name (`buildToolValidators` builds every tool, for tests).
 */
export function createFilingTools(options: FilingToolsOptions): ToolDefinition<any, any>[] {
  const listed = listedFilingTools(options.listLimitMax ?? DEFAULT_LIST_LIMIT_MAX);
  const factories = lazyOnce(async (): Promise<Record<string, FilingToolFactory>> => {
    const { db } = options;
    const [module, database] = await Promise.all([
      loadToolDefinitions(),
      typeof db === 'function' ? db() : db,
    ]);
    return module.filingToolFactories({ ...options, db: database, irsForms: loadIrsForms });
  });

  return listed.map((entry): ToolDefinition<any, any> => {
    const { name } = entry;
    let built: ToolDefinition<any, any> | undefined;
    async function definition(): Promise<ToolDefinition<any, any>> {
      if (built !== undefined) return built;
      const build = (await factories())[name];
      if (build === undefined) throw new TypeError(`Tool ${name} is listed but not defined`);
      const tool = build();
      if (tool.name !== name) throw new TypeError(`Tool ${name} is defined as ${tool.name}`);
      built = tool;
      return tool;
    }
    return {
      name,
      ...(entry.title !== undefined && { title: entry.title }),
      description: entry.description,
      inputSchema: async () => (await definition()).inputSchema,
      inputJsonSchema: entry.inputSchema,
      ...(entry.outputSchema !== undefined && {
        // The eager definitions' schemas are zod objects: buildToolValidators checks it.
        outputSchema: async () => (await definition()).outputSchema as z.ZodObject<any>,
        outputJsonSchema: entry.outputSchema,
      }),
      ...(entry.annotations !== undefined && { annotations: entry.annotations }),
      // The registry builds the schemas (above) before the first call reaches the handler.
      handler: (args, context) =>
        built !== undefined
          ? built.handler(args, context)
          : definition().then((tool) => tool.handler(args, context)),
    };
  });
}
