import { isToolResult } from '../content.js';
import { createHandlerContext, inputRequiredResult, type PrimitiveServices } from '../handler-context.js';
import { isInputRequired } from '../input-required.js';
import { JsonRpcErrorCode } from '../../jsonrpc/error-codes.js';
import { type ResultOrError, type Primitive, RepeatedResult } from '../method-table.js';
import type { Exchange } from '../../context/request-context.js';
import type { RpcError } from '../../jsonrpc/message.js';
import { isPlainObject } from '../../util/plain-object.js';
import { paramHeaderProblem } from './param-headers.js';
import { ToolError } from './tool-error.js';
import { createToolRegistry, invalidArgumentsText } from './registry.js';
import type { AuthInfo } from '../../context/auth-info.js';
import type { ToolContext, ToolDefinition } from './definition.js';
import { thrownOutcome } from '../outcome.js';

/** Reports an unexpected error to the server's `onError` hook (never throws). */
export type ReportError = (error: unknown, where: { method?: string; tool?: string }) => void;

/** Who an unauthenticated call runs as when the server needs no credential (`requireAuth: 'none'`). */
const ANONYMOUS: AuthInfo = Object.freeze({ userId: '' });

function invalidParams(message: string): RpcError {
  return { code: JsonRpcErrorCode.InvalidParams, message };
}

function toolErrorResult(text: string): string {
  return '{"content":[{"type":"text","text":' + JSON.stringify(text) + '}],"isError":true}';
}

/**
 * The tools primitive: `tools/list` (fixed, serialized once) and `tools/call` (zod-validated
 * arguments, `Mcp-Param-*` headers checked on the 2026 wire, handler, structured or full result,
 * `input_required`), and the `tools` capability.
 *
 * @throws TypeError when a tool definition is unusable (see `createToolRegistry`).
 */
export function toolsPrimitive(
  tools: ReadonlyArray<ToolDefinition<any, any>>,
  services: PrimitiveServices,
): Primitive {
  const registry = createToolRegistry(tools);
  // Named in the answer to an unknown tool, so the agent can correct the call without tools/list.
  const validNames = [...registry.byName.keys()].join(', ');

  // Results a handler returned as frozen objects (static answers such as a schema descriptor),
  // validated and serialized the first time and reused while the object lives: each era then
  // encodes the answer once too (RepeatedResult).
  const staticResults = new WeakMap<object, RepeatedResult>();

  async function callTool(params: unknown, exchange: Exchange): Promise<ResultOrError> {
    if (!isPlainObject(params)) return invalidParams('Invalid params: expected an object with name');
    const name = params.name;
    if (typeof name !== 'string') return invalidParams('Invalid params: name must be a string');
    const tool = registry.byName.get(name);
    if (tool === undefined) {
      const shown = name.length > 128 ? `${name.slice(0, 128)}...` : name;
      return invalidParams(`Unknown tool: ${shown}. Valid tools: ${validNames}`);
    }
    let args = params.arguments;
    if (args === undefined || args === null) args = {};
    else if (!isPlainObject(args)) return invalidParams('Invalid params: arguments must be an object');
    if (exchange.era === '2026-07-28') {
      const paramHeaders = registry.paramHeaders.get(name);
      if (paramHeaders !== undefined) {
        const problem = paramHeaderProblem(
          paramHeaders,
          args as Record<string, unknown>,
          exchange.request.headers,
        );
        if (problem !== undefined)
          return { code: JsonRpcErrorCode.HeaderMismatch, message: `Bad Request: ${problem}` };
      }
    }
    const where = { method: 'tools/call', tool: name };
    const binding = { method: 'tools/call', target: name };
    try {
      let schemas = registry.schemasOf(tool);
      if (schemas instanceof Promise) schemas = await schemas;
      const parsed = schemas.input.safeParse(args);
      if (!parsed.success) return toolErrorResult(invalidArgumentsText(parsed.error));
      const handlerContext = await createHandlerContext(params, exchange, binding, services);
      // tools/call needs a credential unless the server is public, so auth is known or anonymous.
      const toolContext = handlerContext as ToolContext;
      toolContext.auth = exchange.auth ?? ANONYMOUS;
      let output: unknown;
      try {
        output = await tool.handler(parsed.data, toolContext);
      } catch (error) {
        if (error instanceof ToolError || (error as ToolError | null)?.code === 'tool_error') {
          return toolErrorResult((error as ToolError).message);
        }
        throw error;
      }
      const staticResult = staticResults.get(output as object);
      if (staticResult !== undefined) return staticResult;
      if (isInputRequired(output)) {
        if (exchange.era !== '2026-07-28') {
          return toolErrorResult(
            `Tool ${name} needs input from the client (input_required), which needs MCP 2026-07-28`,
          );
        }
        return await inputRequiredResult(output, exchange, binding, services);
      }
      if (isToolResult(output)) {
        const { content, structuredContent, isError, _meta } = output;
        if (!Array.isArray(content)) throw new TypeError(`Tool ${name} returned a result without content`);
        const result: Record<string, unknown> = { content };
        if (structuredContent !== undefined) {
          if (schemas.output !== undefined && isError !== true) {
            const checked = schemas.output.safeParse(structuredContent);
            if (!checked.success) {
              throw new TypeError(
                `Tool ${name} returned structuredContent that does not match its outputSchema`,
                {
                  cause: checked.error,
                },
              );
            }
            result.structuredContent = checked.data;
          } else {
            result.structuredContent = structuredContent;
          }
        } else if (schemas.output !== undefined && isError !== true) {
          throw new TypeError(`Tool ${name} has an outputSchema but returned no structuredContent`);
        }
        if (isError !== undefined) result.isError = isError;
        if (_meta !== undefined) result._meta = _meta;
        return JSON.stringify(result);
      }
      if (!isPlainObject(output)) {
        throw new TypeError(
          `Tool ${name} returned ${Array.isArray(output) ? 'an array' : typeof output}, not a plain object`,
        );
      }
      const frozen = Object.isFrozen(output) ? output : undefined;
      if (schemas.output !== undefined) {
        const checked = schemas.output.safeParse(output);
        if (!checked.success) {
          throw new TypeError(`Tool ${name} returned a result that does not match its outputSchema`, {
            cause: checked.error,
          });
        }
        output = checked.data;
      }
      const json = JSON.stringify(output);
      const result =
        '{"content":[{"type":"text","text":' + JSON.stringify(json) + '}],"structuredContent":' + json + '}';
      if (frozen === undefined) return result;
      const repeated = new RepeatedResult(result);
      staticResults.set(frozen, repeated);
      return repeated;
    } catch (error) {
      return thrownOutcome(error, exchange, services, where);
    }
  }

  return {
    // The spec's server-identity table says capabilities is an empty object, but MCP clients (the
    // official SDK Client among them) refuse to call tools/list on a server that does not advertise
    // `tools`. Advertising it with listChanged false is the smallest truthful answer: the tool set
    // never changes at runtime and this stateless server never sends notifications.
    capabilities: { tools: { listChanged: false } },
    methods: {
      'tools/list': { fixed: registry.listResultJson, cacheable: true },
      'tools/call': { handle: callTool },
    },
  };
}
