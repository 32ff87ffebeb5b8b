import { invalidParams } from '../jsonrpc/mcp-error.js';
import type { Exchange } from '../context/request-context.js';
import { isPlainObject } from '../util/plain-object.js';
import { createHandlerContext, type HandlerContext, type PrimitiveServices } from './handler-context.js';
import type { MethodEntry, Primitive, ResultOrError } from './method-table.js';
import { errorOutcome, thrownOutcome } from './outcome.js';

/**
 * A JSON-RPC request method of the server's own, beside the ones MCP defines: `acme/echo` answered
 * on both wires like any other request (the same authentication, validation and envelope).
 */
export interface MethodDefinition {
  /**
   * The method's name, in a namespace of your own (`acme/echo`): not one MCP defines or reserves
   * (`initialize`, `ping`, `tools/...`, `notifications/...`), nor JSON-RPC's `rpc.` names.
   */
  method: string;
  /**
   * Answers the request's `params` (`{}` when it has none; not an object answers -32602 before the
   * handler runs) with the result object. Throw `McpError` for a JSON-RPC error of your own; any
   * other error is reported to `onError` and answered -32603, unless `retryableError` names it.
   */
  handler: (params: Record<string, unknown>, context: HandlerContext) => object | Promise<object>;
  /**
   * Declared as `capabilities.experimental[method]` (MCP's place for capabilities it does not
   * define), so that a client can see the method is there; omit it to declare nothing.
   */
  experimental?: Record<string, unknown>;
}

// The methods and namespaces MCP defines (both wires), which a method of one's own may not take.
const MCP_METHODS = new Set(['initialize', 'ping']);
const MCP_NAMESPACES = new Set([
  'completion',
  'elicitation',
  'logging',
  'notifications',
  'prompts',
  'resources',
  'roots',
  'sampling',
  'server',
  'subscriptions',
  'tasks',
  'tools',
]);

/** Why a method name cannot be registered, or undefined when it can. */
function nameProblem(method: unknown): string | undefined {
  if (typeof method !== 'string' || method.length === 0 || method.length > 256) {
    return 'a method name must be a string of 1 to 256 characters';
  }
  if (method.startsWith('rpc.')) return `${method}: JSON-RPC reserves the names that begin with "rpc."`;
  if (MCP_METHODS.has(method) || MCP_NAMESPACES.has(method.split('/')[0]!)) {
    return `${method}: MCP defines that method or its namespace; name yours in a namespace of your own (acme/echo)`;
  }
  return undefined;
}

function entryOf(definition: MethodDefinition, services: PrimitiveServices): MethodEntry {
  const { method, handler } = definition;
  const where = { method };
  return {
    async handle(params: unknown, exchange: Exchange): Promise<ResultOrError> {
      if (params !== undefined && !isPlainObject(params)) {
        return errorOutcome(invalidParams('Invalid params: params must be an object'));
      }
      const given = (params ?? {}) as Record<string, unknown>;
      try {
        const context = await createHandlerContext(given, exchange, { method, target: '' }, services);
        const result = await handler(given, context);
        if (!isPlainObject(result))
          throw new TypeError(`Method ${method} answered a result that is not an object`);
        return JSON.stringify(result);
      } catch (error) {
        return thrownOutcome(error, exchange, services, where);
      }
    },
  };
}

/**
 * The server's own methods as a primitive: each name checked ({@link nameProblem}, and twice is
 * refused by the method table), each `experimental` declaration under `capabilities.experimental`.
 *
 * @throws TypeError naming the method when its name or handler is unusable.
 */
export function customMethodsPrimitive(
  definitions: readonly MethodDefinition[],
  services: PrimitiveServices,
): Primitive {
  const methods: Record<string, MethodEntry> = {};
  const experimental: Record<string, unknown> = {};
  for (const definition of definitions) {
    const problem = nameProblem(definition?.method);
    if (problem !== undefined) throw new TypeError(`Custom method refused: ${problem}`);
    if (typeof definition.handler !== 'function') {
      throw new TypeError(`Custom method refused: ${definition.method} has no handler function`);
    }
    if (Object.hasOwn(methods, definition.method)) {
      throw new TypeError(`Method ${definition.method} is registered twice`);
    }
    methods[definition.method] = entryOf(definition, services);
    if (definition.experimental !== undefined) experimental[definition.method] = definition.experimental;
  }
  return {
    capabilities: Object.keys(experimental).length > 0 ? { experimental } : {},
    methods,
  };
}
