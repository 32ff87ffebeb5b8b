import type { Completer } from './completer.js';
import type { PrimitiveServices } from './handler-context.js';
import { invalidParams, McpError } from '../jsonrpc/mcp-error.js';
import { isPlainObject } from '../util/plain-object.js';
import type { ResultOrError, Primitive } from './method-table.js';
import { errorOutcome } from './outcome.js';

const MAX_VALUES = 100;

/** Where completers live: prompt arguments and resource-template variables. */
export interface CompleterSource {
  /** `null` when the prompt or template is unknown; `undefined` when it has no completer for the argument. */
  prompt(name: string, argument: string): Completer | undefined | null;
  resource(uriTemplate: string, variable: string): Completer | undefined | null;
}

/**
 * The completions primitive: `completion/complete` for prompt arguments (`ref/prompt`) and
 * resource-template variables (`ref/resource`), declared only when `enabled` (some completer exists).
 */
export function completionsPrimitive(
  source: CompleterSource,
  enabled: boolean,
  services: PrimitiveServices,
): Primitive {
  async function complete(params: unknown): Promise<ResultOrError> {
    if (!isPlainObject(params) || !isPlainObject(params.ref) || !isPlainObject(params.argument)) {
      return errorOutcome(invalidParams('Invalid params: ref and argument are required'));
    }
    const { ref, argument } = params;
    if (typeof argument.name !== 'string' || typeof argument.value !== 'string') {
      return errorOutcome(invalidParams('Invalid params: argument needs a name and a value, both strings'));
    }
    let completer: Completer | undefined | null;
    if (ref.type === 'ref/prompt' && typeof ref.name === 'string') {
      completer = source.prompt(ref.name, argument.name);
      if (completer === null) return errorOutcome(invalidParams(`Unknown prompt: ${ref.name.slice(0, 128)}`));
    } else if (ref.type === 'ref/resource' && typeof ref.uri === 'string') {
      completer = source.resource(ref.uri, argument.name);
      if (completer === null) {
        return errorOutcome(invalidParams(`Unknown resource template: ${ref.uri.slice(0, 256)}`));
      }
    } else {
      return errorOutcome(
        invalidParams('Invalid params: ref must be a ref/prompt with name or ref/resource with uri'),
      );
    }
    if (completer === undefined) return '{"completion":{"values":[],"total":0,"hasMore":false}}';
    const chosen =
      isPlainObject(params.context) && isPlainObject(params.context.arguments)
        ? params.context.arguments
        : {};
    // Own data properties only (`__proto__` included): fromEntries never reaches a setter.
    const known: Record<string, string> = Object.fromEntries(
      Object.entries(chosen).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    try {
      const values = await completer(argument.value, { arguments: known });
      if (!Array.isArray(values) || values.some((value) => typeof value !== 'string')) {
        throw new TypeError(`The completer of ${argument.name} answered something other than strings`);
      }
      return JSON.stringify({
        completion: {
          values: values.slice(0, MAX_VALUES),
          total: values.length,
          hasMore: values.length > MAX_VALUES,
        },
      });
    } catch (error) {
      if (!(error instanceof McpError)) services.reportError(error, { method: 'completion/complete' });
      return errorOutcome(error);
    }
  }

  return {
    capabilities: enabled ? { completions: {} } : {},
    methods: enabled ? { 'completion/complete': { handle: complete } } : {},
  };
}
