import { internalErrorResponse } from '@filing-mcp/filing-domain';
import type { FixedResponseParts } from '@filing-mcp/protocol/transport';
import type { FetchApp } from '@filing-mcp/serverless';
import { createBackgroundTasks } from './background-tasks.js';
import { eventToMcpRequest, responseParts } from './event-mcp-request.js';
import { eventToRequest } from './event-to-request.js';
import { fetchEvent } from './fetch-event.js';
import type { LambdaHandlerOptions } from './lambda-handler-options.js';
import { reportLambdaError } from './lambda-platform.js';
import type { LambdaHttpEvent, LambdaHttpResult, LambdaInvocationContext } from './lambda-http-event.js';
import { isTextBody } from './text-content-type.js';

/** A buffered Lambda handler for API Gateway HTTP API (payload 2.0) and Function URL events. */
export type LambdaHandler = (
  event: LambdaHttpEvent,
  context?: LambdaInvocationContext,
) => Promise<LambdaHttpResult>;

/**
 * Wraps a fetch application as a buffered Lambda handler: the event becomes a `Request`, the
 * `Response` becomes a payload 2.0 result, and every `waitUntil` task finishes before the handler
 * returns (Lambda freezes the container right after).
 *
 * @example
 * ```ts
 * import { createLambdaHandler } from '@filing-mcp/lambda';
 * export const handler = createLambdaHandler({ fetch: () => new Response('ok') });
 * ```
 */
export function createLambdaHandler(app: FetchApp, options: LambdaHandlerOptions = {}): LambdaHandler {
  return bufferedHandler(app, options, eventToRequest);
}

/**
 * {@link createLambdaHandler} for the deployed entry's app (the filing server, built by the
 * serverless bootstrap): a POST with a JSON body to the MCP endpoint (`mcpPath()`, answered once
 * the server has started; `undefined` when something else answers that path first) reaches it as
 * a `Request` read straight off the event, and the MCP core's fixed answers come back as their
 * parts (event-mcp-request.ts), so that an MCP message is answered without loading undici. The
 * same answers as `createLambdaHandler`'s; a start that fails is reported and answered 500 as
 * `createLambdaHandler` does.
 * @internal
 */
export function createMcpLambdaHandler(
  app: FetchApp,
  options: LambdaHandlerOptions,
  mcpPath: () => Promise<string | undefined>,
): LambdaHandler {
  const onError = options.onError ?? reportLambdaError;
  const general = bufferedHandler(app, options, eventToRequest);
  return async (event, lambdaContext) => {
    let path: string | undefined;
    try {
      path = await mcpPath();
    } catch (error) {
      // The start failed: the answer `app.fetch` would have given, without starting it twice.
      onError(error, 'fetch');
      return responseToResult(internalErrorResponse());
    }
    if (path === undefined) return general(event, lambdaContext);
    const endpoint = path;
    return bufferedHandler(app, options, (e, o) => eventToMcpRequest(e, o, endpoint))(event, lambdaContext);
  };
}

function bufferedHandler(
  app: FetchApp,
  options: LambdaHandlerOptions,
  toRequest: (event: LambdaHttpEvent, options: LambdaHandlerOptions) => Request,
): LambdaHandler {
  const onError = options.onError ?? reportLambdaError;
  return async (event, lambdaContext) => {
    const background = createBackgroundTasks((error) => onError(error, 'waitUntil'));
    const response = await fetchEvent(
      app,
      event,
      lambdaContext,
      options,
      background.waitUntil,
      onError,
      toRequest,
    );
    let result: LambdaHttpResult;
    try {
      result = await responseToResult(response);
    } catch (error) {
      onError(error, 'stream');
      result = await responseToResult(internalErrorResponse());
    }
    await background.settle();
    return result;
  };
}

async function responseToResult(response: Response): Promise<LambdaHttpResult> {
  const parts = responseParts(response);
  if (parts !== undefined) return partsToResult(parts);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = isTextBody(response.headers, bytes);
  const cookies = response.headers.getSetCookie();
  const result: LambdaHttpResult = {
    statusCode: response.status,
    headers: responseHeaders(response.headers),
    body: text ? new TextDecoder().decode(bytes) : Buffer.from(bytes).toString('base64'),
    isBase64Encoded: !text,
  };
  if (cookies.length > 0) result.cookies = cookies;
  return result;
}

/** Trimmed as `Headers` trims a value. */
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * The result {@link responseToResult} writes for `new Response(parts.body, parts)`, from the parts:
 * the headers as `Headers` iterates them (names sorted, values trimmed, Set-Cookie apart), the
 * body as text or base64 by the same rule.
 */
function partsToResult(parts: FixedResponseParts): LambdaHttpResult {
  const bytes = parts.body ?? new Uint8Array(0);
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const name of Object.keys(parts.headers).sort()) {
    const value = parts.headers[name]!.replace(HTTP_WHITESPACE, '');
    if (name === 'set-cookie') cookies.push(value);
    else headers[name] = value;
  }
  const text = isTextBody({ get: (name) => headers[name] ?? null }, bytes);
  const result: LambdaHttpResult = {
    statusCode: parts.status,
    headers,
    body: text ? new TextDecoder().decode(bytes) : Buffer.from(bytes).toString('base64'),
    isBase64Encoded: !text,
  };
  if (cookies.length > 0) result.cookies = cookies;
  return result;
}

/**
 * Headers as one string per name (repeated values joined with ", " by the Headers class itself);
 * Set-Cookie is left out because it cannot be joined and travels in `cookies`.
 * @internal
 */
export function responseHeaders(headers: Headers): Record<string, string> {
  const flat: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') flat[name] = value;
  });
  return flat;
}
