import {
  errorResponse,
  HttpError,
  internalErrorResponse,
  isClientDisconnect,
} from '@filing-mcp/filing-domain';
import { RequestError } from '@hono/node-server';
import type { Logger } from './logger.js';

/**
 * The answer to what the core could not answer: 400 for a request node:http parsed but that is no
 * valid URL, else the one internal-error response, logged by error name only (a client that went
 * away at debug). With CORS like every other answer, so a browser client sees the status rather
 * than an opaque network error.
 */
export function failureResponse(logger: Logger): (error: unknown) => Response {
  return (error) => {
    if (error instanceof RequestError) {
      return errorResponse(new HttpError(400, 'Bad request'));
    }
    try {
      const errorName = (error as Error)?.name ?? 'unknown';
      if (isClientDisconnect(error)) logger.debug('client_disconnected', { errorName });
      else logger.error('unhandled_error', { errorName });
    } catch {
      // The logger itself may be what failed; the client still gets its answer.
    }
    return internalErrorResponse();
  };
}
