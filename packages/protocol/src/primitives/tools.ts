import { JsonRpcErrorCode } from '../json-rpc-error-code.js';
import { isPlainObject, type Exchange, type Outcome, type Primitive, type RpcError } from '../methods.js';
import { ToolError } from '../tool-error.js';
import { createToolRegistry, invalidArgumentsText } from '../tool-registry.js';
import type { ToolContext, ToolDefinition } from '../types.js';

/** Reports an unexpected error to the server's `onError` hook (never throws). */
export type ReportError = (error: unknown, where: { method?: string; tool?: string }) => void;

const INTERNAL_ERROR: RpcError = Object.freeze({
  code: JsonRpcErrorCode.InternalError,
  message: 'Internal error',
});

function invalidParams(message: string): RpcError {
  return { code: JsonRpcErrorCode.InvalidParams, message };
}

function toolErrorResult(text: string): string {
  return '{"content":[{"type":"text","text":' + JSON.stringify(text) + '}],"isError":true}';
}

/**
 * The tools primitive: `tools/list` (fixed, serialized once) and `tools/call` (zod-validated
 * arguments, handler, structured result), and the `tools` capability.
 *
 * @throws TypeError when a tool definition is unusable (see `createToolRegistry`).
 */
export function toolsPrimitive(
  tools: ReadonlyArray<ToolDefinition<any, any>>,
  reportError: ReportError,
): Primitive {
  const registry = createToolRegistry(tools);

  // Results a handler returned as frozen objects (static answers such as a schema descriptor),
  // validated and serialized the first time and reused while the object lives.
  const staticResults = new WeakMap<object, string>();

  async function callTool(params: unknown, exchange: Exchange): Promise<Outcome> {
    if (!isPlainObject(params)) return invalidParams('Invalid params: expected an object with name');
    const name = params.name;
    if (typeof name !== 'string') return invalidParams('Invalid params: name must be a string');
    const tool = registry.byName.get(name);
    if (tool === undefined) {
      const shown = name.length > 128 ? `${name.slice(0, 128)}...` : name;
      return invalidParams(`Unknown tool: ${shown}`);
    }
    let args = params.arguments;
    if (args === undefined || args === null) args = {};
    else if (!isPlainObject(args)) return invalidParams('Invalid params: arguments must be an object');
    const where = { method: 'tools/call', tool: name };
    try {
      const parsed = tool.inputSchema.safeParse(args);
      if (!parsed.success) return toolErrorResult(invalidArgumentsText(parsed.error));
      const { request, context } = exchange;
      const toolContext: ToolContext = {
        // tools/call always needs a credential, so authentication has run and succeeded.
        auth: exchange.auth!,
        request,
        waitUntil:
          context?.waitUntil ??
          ((promise) => {
            promise.catch((error: unknown) => reportError(error, where));
          }),
        // Read on demand: some bridges (@hono/node-server) create an AbortController per request
        // the first time `signal` is read, and most handlers never read it.
        get signal() {
          return request.signal;
        },
      };
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
      if (!isPlainObject(output)) {
        throw new TypeError(
          `Tool ${name} returned ${Array.isArray(output) ? 'an array' : typeof output}, not a plain object`,
        );
      }
      const frozen = Object.isFrozen(output) ? output : undefined;
      if (tool.outputSchema !== undefined) {
        const checked = tool.outputSchema.safeParse(output);
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
      if (frozen !== undefined) staticResults.set(frozen, result);
      return result;
    } catch (error) {
      reportError(error, where);
      return INTERNAL_ERROR;
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
