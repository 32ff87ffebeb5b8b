import { z } from 'zod';
import type { ToolDefinition } from './types.js';

/** The tools of one server: lookup by name and the serialized `tools/list` result. */
export interface ToolRegistry {
  byName: Map<string, ToolDefinition<any, any>>;
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
 * root must be `type: "object"` (INTEROP item 9).
 */
function objectJsonSchema(schema: z.ZodType, io: 'input' | 'output', what: string): Record<string, unknown> {
  const jsonSchema = z.toJSONSchema(schema, { io }) as Record<string, unknown>;
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
    if (definition.inputJsonSchema !== undefined) {
      if (definition.inputJsonSchema.type !== 'object') {
        throw new TypeError(`inputJsonSchema of tool ${name} must have type "object"`);
      }
      entry.inputSchema = definition.inputJsonSchema;
    } else {
      entry.inputSchema = objectJsonSchema(definition.inputSchema, 'input', `inputSchema of tool ${name}`);
    }
    if (definition.outputSchema !== undefined) {
      entry.outputSchema = objectJsonSchema(
        definition.outputSchema,
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
  return { byName, paramHeaders, listResultJson: JSON.stringify({ tools: listed }) };
}

/**
 * The text of an `isError` result for arguments that failed validation: every failing field by
 * its path, so the agent can correct all of them in one go (INTEROP item 8).
 */
export function invalidArgumentsText(error: z.ZodError): string {
  const parts: string[] = [];
  for (const issue of error.issues) {
    const path = issue.path.length === 0 ? '(arguments)' : issue.path.map(String).join('.');
    parts.push(`${path}: ${issue.message}`);
  }
  return `Invalid arguments: ${parts.join('; ')}`;
}
