import { internalErrorResponse } from '@filing-mcp/filing-domain';
import { lazyOnce } from '@filing-mcp/protocol/internal';
import { errorReporter, type FetchApp } from '@filing-mcp/serverless';
import { waitUntil } from '@vercel/functions';

/** A Vercel Function in the web signature: `export default { fetch }`. */
export interface VercelFunction {
  fetch(request: Request): Promise<Response>;
}

/** Options of {@link createVercelFunction}. */
export interface VercelFunctionOptions {
  /**
   * Told about a failure that cannot reach the client as a response (the application could not be
   * created, or threw). Default: one line on stderr with the error's name and message only.
   */
  onError?: (error: unknown) => void;
}

/**
 * Turns a fetch application into a Vercel Function. The application is created on the first request
 * and reused by every later request the instance serves; a failed creation is retried on the next
 * request. Each request gets `waitUntil` from `@vercel/functions`, so background work (last-used
 * times) outlives the response, and the `x-vercel-id` as its request id.
 *
 * The result must be the module's default export: a bare default function would be taken for a
 * `(req, res)` handler and never answer.
 *
 * @example
 * ```ts
 * // api/hello.ts
 * export default createVercelFunction(() => ({ fetch: () => new Response('hello') }));
 * ```
 */
export function createVercelFunction(
  createApp: () => FetchApp | Promise<FetchApp>,
  options: VercelFunctionOptions = {},
): VercelFunction {
  const onError = options.onError ?? ((error: unknown) => reportError(error, 'request'));
  const currentApp = lazyOnce(async () => createApp());
  return {
    async fetch(request) {
      try {
        const requestId = request.headers.get('x-vercel-id');
        // Vercel's edge sets X-Real-IP (and X-Forwarded-For) to the client address, overwriting
        // what the client sent.
        const clientAddress = request.headers.get('x-real-ip');
        return await (await currentApp()).fetch(request, {
          waitUntil,
          ...(requestId && { requestId }),
          ...(clientAddress && { clientAddress }),
        });
      } catch (error) {
        onError(error);
        return internalErrorResponse();
      }
    },
  };
}

const reportError = errorReporter('vercel');
