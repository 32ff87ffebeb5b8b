import type { FetchApp } from '@filing-mcp/serverless';
import {
  awsLambdaRuntime,
  type LambdaResponseStream,
  type StreamifiedHandler,
} from './aws-lambda-runtime.js';
import { createBackgroundTasks } from './background-tasks.js';
import { fetchEvent } from './fetch-event.js';
import type { LambdaHandlerOptions } from './lambda-handler-options.js';
import { reportLambdaError } from './lambda-platform.js';
import { responseHeaders } from './lambda-handler.js';
import type { LambdaHttpEvent } from './lambda-http-event.js';

/** A response-streaming Lambda handler (Function URL with `InvokeMode: RESPONSE_STREAM`). */
export type StreamingLambdaHandler = StreamifiedHandler<LambdaHttpEvent>;

/**
 * Wraps a fetch application as a response-streaming Lambda handler: status and headers go out first,
 * then each body chunk as the application produces it, so SSE replies reach the client as they are
 * written. `waitUntil` tasks run after the stream has ended and before the invocation completes.
 *
 * Must be called where the Lambda runtime's `awslambda` global exists (at module load of the
 * deployed handler); throws otherwise.
 *
 * @example
 * ```ts
 * export const streamHandler = createStreamingLambdaHandler(server);
 * ```
 */
export function createStreamingLambdaHandler(
  app: FetchApp,
  options: LambdaHandlerOptions = {},
): StreamingLambdaHandler {
  const runtime = awsLambdaRuntime();
  if (!runtime) {
    throw new Error(
      'createStreamingLambdaHandler needs the AWS Lambda Node.js runtime (the global `awslambda`); ' +
        'use createLambdaHandler elsewhere.',
    );
  }
  const onError = options.onError ?? reportLambdaError;
  return runtime.streamifyResponse<LambdaHttpEvent>(async (event, responseStream, lambdaContext) => {
    const background = createBackgroundTasks((error) => onError(error, 'waitUntil'));
    const response = await fetchEvent(app, event, lambdaContext, options, background.waitUntil, onError);
    const stream = runtime.HttpResponseStream.from(responseStream, {
      statusCode: response.status,
      headers: responseHeaders(response.headers),
      cookies: response.headers.getSetCookie(),
    });
    try {
      await writeBody(response, stream);
    } catch (error) {
      onError(error, 'stream');
      // Destroying with the error tells the runtime the response is incomplete; the error itself
      // was reported above, so a stream without its own listener must not crash the process.
      stream.on('error', () => {});
      stream.destroy(error instanceof Error ? error : new Error('response body failed'));
    }
    await background.settle();
  });
}

async function writeBody(response: Response, stream: LambdaResponseStream): Promise<void> {
  // The runtime sends the prelude on the first write() only; end() alone would drop status and
  // headers (aws-lambda-nodejs-runtime-interface-client#97), so an empty body still writes once.
  if (!response.body) {
    stream.write('');
    await endStream(stream);
    return;
  }
  const reader = response.body.getReader();
  // Client gone: stop producing instead of filling a buffer nobody reads.
  const onClose = () => void reader.cancel().catch(() => {});
  stream.once('close', onClose);
  try {
    let wrote = false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.byteLength === 0) continue;
      wrote = true;
      if (!stream.write(value)) await drained(stream);
    }
    if (!wrote) stream.write('');
    await endStream(stream);
  } finally {
    stream.off('close', onClose);
  }
}

function drained(stream: LambdaResponseStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      stream.off('error', onErrorEvent);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onClose = () => {
      cleanup();
      reject(new Error('response stream closed before the body was written'));
    };
    const onErrorEvent = (error: Error) => {
      cleanup();
      reject(error);
    };
    stream.once('drain', onDrain);
    stream.once('close', onClose);
    stream.once('error', onErrorEvent);
  });
}

function endStream(stream: LambdaResponseStream): Promise<void> {
  return new Promise((resolve) => stream.end(() => resolve()));
}
