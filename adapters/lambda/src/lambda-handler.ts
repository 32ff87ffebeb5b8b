import { internalErrorResponse } from '@filing-mcp/filing-domain';
import type { FetchApp } from '@filing-mcp/serverless';
import { createBackgroundTasks } from './background-tasks.js';
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
  const onError = options.onError ?? reportLambdaError;
  return async (event, lambdaContext) => {
    const background = createBackgroundTasks((error) => onError(error, 'waitUntil'));
    const response = await fetchEvent(app, event, lambdaContext, options, background.waitUntil, onError);
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
