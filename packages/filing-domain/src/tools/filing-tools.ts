import type { ToolDefinition } from '@filing-mcp/protocol';
import { lazyOnce } from '@filing-mcp/protocol/internal';
import type * as z from 'zod';
import { loadIrsForms } from '../loading/loaders.js';
import {
  DEFAULT_LIST_LIMIT_MAX,
  type FilingToolFactory,
  type FilingToolsOptions,
  type ListedTool,
} from './tool-options.js';
import { LIST_LIMIT_MAX_PLACEHOLDER, TOOLS_LIST_TEMPLATE } from './tools-list.generated.js';

/**
 * The `tools` of the `tools/list` answer for a `limit` bound, from the list generated at build time
 * (`src/tools/tools-list.generated.ts`, emitted from the zod definitions; a test proves the two
 * equal byte for byte and fails when the file is stale). Keeps zod, every tool's schemas and the
 * JSON Schema emitter off `initialize` and `tools/list`: the Lambda bundle before `initialize`
 * holds no zod (77.6 KB) nor the tool definitions (about 80 KB), and building every tool's schemas
 * at once took 17-58 ms on this machine.
 */
export function listedFilingTools(listLimitMax: number): ListedTool[] {
  if (!Number.isSafeInteger(listLimitMax) || listLimitMax < 1) {
    throw new TypeError(`listLimitMax must be a positive integer, not ${listLimitMax}`);
  }
  const json = TOOLS_LIST_TEMPLATE.replaceAll(LIST_LIMIT_MAX_PLACEHOLDER, String(listLimitMax));
  return (JSON.parse(json) as { tools: ListedTool[] }).tools;
}

/**
 * The tool definitions (zod, every tool's schemas and handlers, the repository): loaded by the
 * first call of a tool that has no module of its own (below). Each tool's schemas are then
 * built by its own first call (`once()` in the schema modules): `get_form_schema` alone 1-5 ms,
 * every tool at once 17-58 ms.
 */
export const loadToolDefinitions = lazyOnce(() => import('./filing-tool-definitions.js'));

/**
 * The tools whose module loads alone, without the other definitions, the repository or the
 * database. get_form_schema checks its arguments and answer without zod (form-schema-tool.ts):
 * a first call of it loads that module, the kind names and its kind's answer, and no zod. (The
 * definitions above hold its zod definition, for the tests and the generated list.)
 */
const OWN_MODULES: Readonly<Record<string, () => Promise<FilingToolFactory>>> = {
  get_form_schema: async () => (await import('./form-schema-tool.js')).formSchemaTool,
};

/**
 * The filing tools (docs/architecture.md lists them) as the plain array the MCP server registers
 * once, bound to a database and the companion app's address. Every tool acts on behalf of
 * `context.auth.userId` and sees only that user's records; a missing filing and another user's
 * filing both answer the tool error `Filing not found`.
 *
 * Each entry is the tool as `tools/list` shows it (name, texts, JSON Schemas, annotations: the list
 * generated at build time) with its zod schemas and handler built by its first call, from the
 * definitions {@link loadToolDefinitions} loads then; a call after that goes straight to the built
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
      const own = OWN_MODULES[name];
      const build = own !== undefined ? await own() : (await factories())[name];
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
