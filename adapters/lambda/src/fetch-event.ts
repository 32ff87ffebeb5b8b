import { internalErrorResponse } from '@filing-mcp/filing-domain';
import type { FetchApp } from '@filing-mcp/serverless';
import { eventToRequest } from './event-to-request.js';
import type { LambdaHandlerOptions } from './lambda-handler-options.js';
import type { LambdaHttpEvent, LambdaInvocationContext } from './lambda-http-event.js';

/**
 * One event through the app, as both handlers (buffered and streaming) pass it: the request id and
 * client address from the event, and a throw (a malformed event, or the app itself) reported as
 * `fetch` and answered 500, so the caller always has a response to send. `toRequest` rebuilds the
 * request (default {@link eventToRequest}).
 */
export async function fetchEvent(
  app: FetchApp,
  event: LambdaHttpEvent,
  lambdaContext: LambdaInvocationContext | undefined,
  options: LambdaHandlerOptions,
  waitUntil: (promise: Promise<unknown>) => void,
  onError: NonNullable<LambdaHandlerOptions['onError']>,
  toRequest: (event: LambdaHttpEvent, options: LambdaHandlerOptions) => Request = eventToRequest,
): Promise<Response> {
  try {
    return await app.fetch(toRequest(event, options), {
      waitUntil,
      requestId: event.requestContext.requestId ?? lambdaContext?.awsRequestId,
      ...(event.requestContext.http.sourceIp && { clientAddress: event.requestContext.http.sourceIp }),
    });
  } catch (error) {
    onError(error, 'fetch');
    return internalErrorResponse();
  }
}
