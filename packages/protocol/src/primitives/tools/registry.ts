import type * as z from 'zod';
import type { ToolDefinition } from './definition.js';

/** A tool's validators, built (a lazy `inputSchema`/`outputSchema` called) once. */
export interface ToolSchemas {
  input: z.ZodObject<any>;
  output: z.ZodObject<any> | undefined;
}

/** The tools of one server: lookup by name and the serialized `tools/list` result. */
export interface ToolRegistry {
  byName: Map<string, ToolDefinition<any, any>>;
  /**
   * The tool's validators: built on its first call when its schemas are lazy, then cached (a
   * failed build is tried again on the next call). Eager schemas answer synchronously.
   */
  schemasOf(tool: ToolDefinition<any, any>): ToolSchemas | Promise<ToolSchemas>;
  /** Per tool, its arguments annotated with `x-mcp-header` (argument name -> header name). */
  paramHeaders: Map<string, ReadonlyMap<string, string>>;
  /** `{"tools":[...]}`, serialized once. */
  listResultJson: string;
}

// MCP 2025-11-25 (SEP-986): tool names are 1-128 characters of this set.
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * JSON Schema of a zod object as MCP clients expect it: the `$schema` marker zod adds is dropped
 * (clients validate with whatever draft they ship, and some reject an unknown `$schema`), and the
 * root must be `type: "object"` (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool).
 */
function objectJsonSchema(schema: z.ZodType, io: 'input' | 'output', what: string): Record<string, unknown> {
  // The schema's own method (the same emitter as `z.toJSONSchema`): this module then imports
  // nothing of zod, so a server whose tools bring their JSON Schemas loads no zod to list them.
  const jsonSchema = schema.toJSONSchema({ io }) as Record<string, unknown>;
  delete jsonSchema.$schema;
  if (jsonSchema.type !== 'object') {
    throw new TypeError(`${what} must be a z.object(), whose JSON Schema has type "object"`);
  }
  return jsonSchema;
}

// MCP 2026-07-28 (SEP-2243): an `x-mcp-header` names the `Mcp-Param-{Name}` header that mirrors
// a top-level argument; the name is an HTTP token.
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

function paramHeadersOf(schema: Record<string, unknown>, tool: string): Map<string, string> {
  const headers = new Map<string, string>();
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return headers;
  for (const [argument, property] of Object.entries(properties as Record<string, unknown>)) {
    const header = (property as Record<string, unknown> | null)?.['x-mcp-header'];
    if (header === undefined) continue;
    if (typeof header !== 'string' || !HEADER_NAME.test(header)) {
      throw new TypeError(`x-mcp-header of ${tool}.${argument} must be an HTTP header token`);
    }
    headers.set(argument, header);
  }
  return headers;
}

function checkedSchema(schema: unknown, what: string): z.ZodObject<any> {
  if (typeof (schema as z.ZodObject<any> | null)?.safeParse !== 'function') {
    throw new TypeError(`${what} must be a zod object schema`);
  }
  return schema as z.ZodObject<any>;
}

/** Builds a tool's validators, calling lazy schema functions; throws on a definition error. */
async function buildSchemas(tool: ToolDefinition<any, any>): Promise<ToolSchemas> {
  const { inputSchema, outputSchema } = tool;
  const input = typeof inputSchema === 'function' ? await inputSchema() : inputSchema;
  const output = typeof outputSchema === 'function' ? await outputSchema() : outputSchema;
  return {
    input: checkedSchema(input, `inputSchema of tool ${tool.name}`),
    output: output === undefined ? undefined : checkedSchema(output, `outputSchema of tool ${tool.name}`),
  };
}

/**
 * The JSON Schemas `tools/list` shows for a tool with eager zod schemas, as the registry derives
 * them: for emitting them at build time (then given as `inputJsonSchema` / `outputJsonSchema`).
 */
export function toolJsonSchemas(tool: ToolDefinition<any, any>): {
  inputJsonSchema: Record<string, unknown>;
  outputJsonSchema?: Record<string, unknown>;
} {
  const { inputSchema, outputSchema } = tool;
  if (typeof inputSchema === 'function' || typeof outputSchema === 'function') {
    throw new TypeError(`Tool ${tool.name}: JSON Schemas are derived from eager zod schemas only`);
  }
  const inputJsonSchema = objectJsonSchema(inputSchema, 'input', `inputSchema of tool ${tool.name}`);
  if (outputSchema === undefined) return { inputJsonSchema };
  return {
    inputJsonSchema,
    outputJsonSchema: objectJsonSchema(outputSchema, 'output', `outputSchema of tool ${tool.name}`),
  };
}

/**
 * Builds every tool's validators now (lazy ones included), so that a test or a build step fails
 * on a definition error instead of a user's first call. Throws the first error met.
 */
export async function buildToolValidators(tools: ReadonlyArray<ToolDefinition<any, any>>): Promise<void> {
  for (const tool of tools) await buildSchemas(tool);
}

/**
 * Validates the tool definitions and derives everything `tools/list` and `tools/call` need, once.
 * Throws on a definition no client could use (duplicate or malformed name, empty description, a
 * schema that is not an object), so the mistake surfaces at start-up rather than in an agent.
 */
export function createToolRegistry(tools: ReadonlyArray<ToolDefinition<any, any>>): ToolRegistry {
  const byName = new Map<string, ToolDefinition<any, any>>();
  const listed: Record<string, unknown>[] = [];
  const paramHeaders = new Map<string, ReadonlyMap<string, string>>();
  for (const definition of tools) {
    const { name } = definition;
    if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
      throw new TypeError(`Tool name ${JSON.stringify(name)} must match ${TOOL_NAME}`);
    }
    if (byName.has(name)) throw new TypeError(`Tool ${name} is defined twice`);
    if (typeof definition.description !== 'string' || definition.description.trim() === '') {
      throw new TypeError(`Tool ${name} needs a non-empty description`);
    }
    if (typeof definition.handler !== 'function') throw new TypeError(`Tool ${name} needs a handler`);
    const entry: Record<string, unknown> = { name };
    if (definition.title !== undefined) entry.title = definition.title;
    entry.description = definition.description;
    if (typeof definition.inputSchema === 'function' && definition.inputJsonSchema === undefined) {
      throw new TypeError(`Tool ${name} builds its inputSchema lazily, so it needs inputJsonSchema`);
    }
    if (typeof definition.outputSchema === 'function' && definition.outputJsonSchema === undefined) {
      throw new TypeError(`Tool ${name} builds its outputSchema lazily, so it needs outputJsonSchema`);
    }
    if (definition.inputJsonSchema !== undefined) {
      if (definition.inputJsonSchema.type !== 'object') {
        throw new TypeError(`inputJsonSchema of tool ${name} must have type "object"`);
      }
      entry.inputSchema = definition.inputJsonSchema;
    } else {
      entry.inputSchema = objectJsonSchema(definition.inputSchema, 'input', `inputSchema of tool ${name}`);
    }
    if (definition.outputJsonSchema !== undefined) {
      if (definition.outputJsonSchema.type !== 'object') {
        throw new TypeError(`outputJsonSchema of tool ${name} must have type "object"`);
      }
      entry.outputSchema = definition.outputJsonSchema;
    } else if (definition.outputSchema !== undefined) {
      entry.outputSchema = objectJsonSchema(
        definition.outputSchema as z.ZodObject<any>,
        'output',
        `outputSchema of tool ${name}`,
      );
    }
    if (definition.annotations !== undefined) entry.annotations = { ...definition.annotations };
    listed.push(entry);
    byName.set(name, definition);
    const headers = paramHeadersOf(entry.inputSchema as Record<string, unknown>, name);
    if (headers.size > 0) paramHeaders.set(name, headers);
  }
  const schemas = new Map<string, ToolSchemas | Promise<ToolSchemas>>();
  function schemasOf(tool: ToolDefinition<any, any>): ToolSchemas | Promise<ToolSchemas> {
    const known = schemas.get(tool.name);
    if (known !== undefined) return known;
    if (typeof tool.inputSchema !== 'function' && typeof tool.outputSchema !== 'function') {
      const eager = { input: tool.inputSchema, output: tool.outputSchema as z.ZodObject<any> | undefined };
      schemas.set(tool.name, eager);
      return eager;
    }
    const building = buildSchemas(tool).then(
      (built) => {
        schemas.set(tool.name, built);
        return built;
      },
      (error: unknown) => {
        schemas.delete(tool.name);
        throw error;
      },
    );
    schemas.set(tool.name, building);
    return building;
  }
  return { byName, schemasOf, paramHeaders, listResultJson: JSON.stringify({ tools: listed }) };
}

/**
 * The text of an `isError` result for arguments that failed validation: every failing field by
 * its path, so the agent can correct all of them in one go (SEP-1303:
 * https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling).
 */
export function invalidArgumentsText(error: z.ZodError): string {
  const parts: string[] = [];
  for (const issue of error.issues) {
    const path = issue.path.length === 0 ? '(arguments)' : issue.path.map(String).join('.');
    parts.push(`${path}: ${issue.message}`);
  }
  return `Invalid arguments: ${parts.join('; ')}`;
}
