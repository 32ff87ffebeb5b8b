import { inspectParams, MAX_PARAMS_DEPTH } from './client-input.js';
import { JsonRpcErrorCode } from './error-codes.js';
import type { RpcCall } from './message.js';
import { errorMessage, resultMessage } from './response.js';

/** A field path for an error message, cut short: its keys come from the client. */
function shownPath(path: ReadonlyArray<string | number>): string {
  const text = path.join('.');
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}

/**
 * The answer a request earns for its params alone (client-input.ts: too deep, a NUL or a lone
 * surrogate), or undefined. Notifications get none: they are never answered.
 */
export function paramsProblemAnswer(call: RpcCall): string | undefined {
  const { id, method, params } = call;
  if (id === undefined || params === undefined || call.paramsPlain === true) return undefined;
  const problem = inspectParams(params);
  if (problem === undefined) return undefined;
  if (problem.kind === 'depth') {
    return errorMessage(
      id,
      JsonRpcErrorCode.InvalidParams,
      `Invalid params: nested deeper than ${MAX_PARAMS_DEPTH} levels`,
    );
  }
  const [first, ...rest] = problem.path;
  // A bad tool argument is the agent's to correct, so it is a tool error naming the field.
  if (method === 'tools/call' && first === 'arguments' && rest.length > 0) {
    const text = `Invalid arguments: ${shownPath(rest)}: ${problem.problem}`;
    return resultMessage(
      id,
      '{"content":[{"type":"text","text":' + JSON.stringify(text) + '}],"isError":true}',
    );
  }
  return errorMessage(
    id,
    JsonRpcErrorCode.InvalidParams,
    `Invalid params: ${shownPath(problem.path)}: ${problem.problem}`,
  );
}
