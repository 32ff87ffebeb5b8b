import type { Writable } from 'node:stream';
import type { LambdaInvocationContext } from './lambda-http-event.js';

/** The status line and headers sent ahead of a streamed body (the "prelude"). */
export interface HttpResponseStreamPrelude {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
}

/** The writable the Lambda runtime passes to a streaming handler. */
export type LambdaResponseStream = Writable & { setContentType?(contentType: string): void };

/** A handler the runtime calls with the event, the response stream and the invocation context. */
export type StreamifiedHandler<TEvent> = (
  event: TEvent,
  responseStream: LambdaResponseStream,
  context: LambdaInvocationContext,
) => Promise<void>;

/**
 * The `awslambda` global that the Lambda Node.js runtime installs (not an importable module). Typed
 * here rather than through `@types/aws-lambda`'s global declaration, so that this package's types
 * never clash with it.
 */
export interface AwsLambdaRuntime {
  /** Marks a handler so that the runtime invokes it with a response stream; returns that handler. */
  streamifyResponse<TEvent>(handler: StreamifiedHandler<TEvent>): StreamifiedHandler<TEvent>;
  HttpResponseStream: {
    from(responseStream: LambdaResponseStream, prelude: HttpResponseStreamPrelude): LambdaResponseStream;
  };
}

/**
 * The runtime's `awslambda` global, or `undefined` outside Lambda.
 * @internal
 */
export function awsLambdaRuntime(): AwsLambdaRuntime | undefined {
  return (globalThis as unknown as { awslambda?: AwsLambdaRuntime }).awslambda;
}
